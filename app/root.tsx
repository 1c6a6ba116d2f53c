// The document: lang="ja", our stylesheet, the layout chosen by route handle, error pages.
// Mantine is added only under /administrator (routes/administrator.tsx), see ADR 0003.
import "./styles/app.css";
import {
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { ReactNode } from "react";
import { loadViewer } from "./.server/viewer";
import { DefaultLayout } from "./components/DefaultLayout";
import { ErrorPage } from "./components/ErrorPage";
import { FullPageLayout } from "./components/FullPageLayout";
import { LoadingOverlay } from "./components/LoadingOverlay";
import { useNonce } from "./components/nonce";
import { pageTitle } from "./domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle() }];

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { viewer: await loadViewer(context) };
}

/** The header changes only through actions (login, logout, impersonation, profile edits). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false);

/** A route asks for the full-page layout (trial form) with `handle = { layout: "full-page" }`. */
export type RouteHandle = { layout?: "full-page" };

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="ja" data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const data = useRouteLoaderData<typeof loader>("root");
  const fullPage = matches.some(
    (m) => (m.handle as RouteHandle | undefined)?.layout === "full-page",
  );
  if (fullPage) return <FullPageLayout>{children}</FullPageLayout>;
  return <DefaultLayout viewer={data?.viewer ?? null}>{children}</DefaultLayout>;
}

export default function App() {
  return (
    <Frame>
      <LoadingOverlay />
      <Outlet />
    </Frame>
  );
}

/**
 * The public pages' boundary (login, password reset, trial, preview, unknown URLs) and the last
 * resort: the advertiser and administrator areas have their own (routes/advertiser.tsx,
 * routes/administrator.tsx), which keep the page around the screen.
 */
export function ErrorBoundary() {
  return (
    <Frame>
      <ErrorPage />
    </Frame>
  );
}
