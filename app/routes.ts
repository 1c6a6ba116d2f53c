// The portal's routes: the flat file names under app/routes/ give the URLs (SPEC §2), as they did
// under Remix 2; tests and styles beside the route modules are not routes.
import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

export default flatRoutes({
  ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx", "**/*.css"],
}) satisfies RouteConfig;
