// Every URL no screen module answers yet: the route table's guard still runs, then 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { requireAccess } from "~/.server/auth";
import { findRoute } from "~/domain/routes";

async function guardThenNotFound({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const route = findRoute(new URL(request.url).pathname);
  // Screens of the table that later work builds: same guard as the real screen, then not found.
  if (route) await requireAccess(context, route.access);
  throw new Response(null, { status: 404 });
}

export const loader = guardThenNotFound;
export const action = guardThenNotFound;

export default function NotFound() {
  return null;
}
