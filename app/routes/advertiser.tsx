// The advertiser area (every /advertiser/… screen, the public registration too): no loader and no
// guard of its own (each screen checks its role itself), only its error boundary, so a screen's
// error (404, 403, 502, 503) is shown inside the page: the header with the advertiser's name and
// links and the impersonation banner stay as they are, and with JS nothing above the screen is
// rendered again.
import { Outlet } from "react-router";
import { ErrorPage } from "~/components/ErrorPage";

export default function AdvertiserArea() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
