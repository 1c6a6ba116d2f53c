// The full-page layout of the trial routes: no account header, the form takes the page.
import type { ReactNode } from "react";
import { Footer } from "./Footer";

export function FullPageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page full-page">
      <main className="page-main">
        <div className="container narrow page-body">{children}</div>
      </main>
      <Footer />
    </div>
  );
}
