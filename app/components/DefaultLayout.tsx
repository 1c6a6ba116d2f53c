// The default page frame: header (advertiser, administrator or impersonating variant) and footer.
import { Anchor, Box, Container, Group, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Viewer } from "~/.server/viewer";
import { formatAdministratorId, formatAdvertiserId } from "~/domain/ids";
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
      <Group gap="md" wrap="wrap" className="header-user">
        <Text size="sm">
          [管理者] {viewer.name} (ID: {formatAdministratorId(viewer.id)})
        </Text>
        <Anchor component={Link} to="/administrator" size="sm">
          管理画面TOP
        </Anchor>
        <LogoutButton />
      </Group>
    );
  }
  return (
    <Group gap="md" wrap="wrap" className="header-user">
      <Text size="sm">
        {viewer.companyName} {viewer.personInCharge} 様 (ID: {formatAdvertiserId(viewer.id)})
      </Text>
      <Anchor component={Link} to="/advertiser" size="sm">
        マイページ
      </Anchor>
      {viewer.impersonating ? null : <LogoutButton />}
    </Group>
  );
}

function ImpersonationBanner({ viewer }: { viewer: Viewer }) {
  if (viewer.kind !== "advertiser" || !viewer.impersonating) return null;
  return (
    <div className="impersonation-banner" role="status">
      <Container size="lg">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={700}>
            代理ログイン中: {viewer.companyName} として操作しています
          </Text>
          <Form method="post" action="/unimpersonate" className="inline-form">
            <button type="submit" className="link-button banner-link">
              管理者画面に戻る
            </button>
          </Form>
        </Group>
      </Container>
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
        <Container size="lg">
          <Group justify="space-between" py="sm" gap="xs">
            <Anchor component={Link} to={home} className="brand" underline="never">
              {PRODUCT_NAME}
            </Anchor>
            {viewer ? <ViewerLinks viewer={viewer} /> : null}
          </Group>
        </Container>
      </header>
      <Box component="main" className="page-main">
        <Container size="lg" py="lg">
          {children}
        </Container>
      </Box>
      <Footer />
    </div>
  );
}
