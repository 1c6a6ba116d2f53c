// React Router's framework mode: server rendering, the app in app/ (routes in app/routes.ts).
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
} satisfies Config;
