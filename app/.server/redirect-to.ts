// Where Login sends a user back to after a deep link: same-site paths of the route table only,
// and only those the user's role may open; anything else goes to the role's home.
import { findRoute } from "../domain/routes";
import { ROLE_ADMINISTRATOR, ROLE_ADVERTISER, hasRoles, homePath, type Identity } from "./identity";

/** Longer targets are not kept (they would only bloat the login URL). */
const MAX_LENGTH = 2000;
const PROBE_ORIGIN = "http://portal.invalid";

/**
 * A relative path of this site ("/advertiser/contact?advertisement=5"), or undefined for anything
 * that could leave it: absolute URLs, protocol-relative "//host" and "/\host", control characters.
 */
export function sameSitePath(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw.length > MAX_LENGTH) return undefined;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return undefined;
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.example" would become "//…".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  return `${url.pathname}${url.search}`;
}

/** Login's URL for a logged-out visitor who was going to `path` (none for Login itself). */
export function loginPath(path: string | undefined): string {
  const target = sameSitePath(path);
  if (!target || new URL(target, PROBE_ORIGIN).pathname === "/") return "/";
  return `/?${new URLSearchParams({ redirectTo: target })}`;
}

/** Whether this identity may open the screen at `path` (route table, SPEC §2). */
function mayOpen(identity: Identity, path: string): boolean {
  const route = findRoute(new URL(path, PROBE_ORIGIN).pathname);
  if (!route || route.path === "/") return false;
  if (route.access === "public") return true;
  return hasRoles(identity, [route.access === "advertiser" ? ROLE_ADVERTISER : ROLE_ADMINISTRATOR]);
}

/** After login: back to where the user was going if it is safe and theirs, else home by role. */
export function afterLoginPath(raw: unknown, identity: Identity | undefined): string {
  const home = homePath(identity) ?? "/";
  const target = sameSitePath(raw);
  if (!identity || !target || !mayOpen(identity, target)) return home;
  return target;
}

/**
 * The page a request is for, from the URL the server received: single-fetch data requests
 * (`/advertiser/contact.data?_routes=…`) name the page without `.data` and React Router's own
 * parameters.
 */
export function pagePathOf(requestUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  if (url.pathname.endsWith(".data")) {
    url.pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  }
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}
