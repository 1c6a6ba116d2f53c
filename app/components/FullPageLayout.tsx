// The full-page layout of the trial routes: no account header, the form takes the page.
import { Container } from "@mantine/core";
import type { ReactNode } from "react";
import { Footer } from "./Footer";

export function FullPageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page full-page">
      <main className="page-main">
        <Container size="md" py="lg">
          {children}
        </Container>
      </main>
      <Footer />
    </div>
  );
}
