// The default page frame: header (advertiser, administrator or impersonating variant) and footer.
import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import type { Viewer } from "~/domain/viewer";
import { formatAdministratorId, formatAdvertiserId } from "../../shared/ids";
import { PRODUCT_NAME } from "~/domain/meta";
import { Footer } from "./Footer";

function LogoutButton() {
  return (
    <Form method="post" action="/logout" className="inline-form">
      <button type="submit" className="link-button">
        ログアウト
      </button>
    </Form>
  );
}

function ViewerLinks({ viewer }: { viewer: Viewer }) {
  if (viewer.kind === "administrator") {
    return (
      <div className="header-user">
        <span>
          [管理者] {viewer.name} (ID: {formatAdministratorId(viewer.id)})
        </span>
        <Link to="/administrator">管理画面TOP</Link>
        <LogoutButton />
      </div>
    );
  }
  return (
    <div className="header-user">
      <span>
        {viewer.companyName} {viewer.personInCharge} 様 (ID: {formatAdvertiserId(viewer.id)})
      </span>
      <Link to="/advertiser">マイページ</Link>
      {viewer.impersonating ? null : <LogoutButton />}
    </div>
  );
}

function ImpersonationBanner({ viewer }: { viewer: Viewer }) {
  if (viewer.kind !== "advertiser" || !viewer.impersonating) return null;
  return (
    <div className="impersonation-banner" role="status">
      <div className="container">
        <span>代理ログイン中: {viewer.companyName} として操作しています</span>
        <Form method="post" action="/unimpersonate" className="inline-form">
          <button type="submit" className="link-button banner-link">
            管理者画面に戻る
          </button>
        </Form>
      </div>
    </div>
  );
}

export function DefaultLayout({
  viewer,
  children,
}: {
  viewer: Viewer | null;
  children: ReactNode;
}) {
  const home = viewer ? (viewer.kind === "administrator" ? "/administrator" : "/advertiser") : "/";
  return (
    <div className="page">
      {viewer ? <ImpersonationBanner viewer={viewer} /> : null}
      <header className="app-header">
        <div className="container">
          <Link to={home} className="brand">
            {PRODUCT_NAME}
          </Link>
          {viewer ? <ViewerLinks viewer={viewer} /> : null}
        </div>
      </header>
      <main className="page-main">
        <div className="container page-body">{children}</div>
      </main>
      <Footer />
    </div>
  );
}
