// The administrator area: guards every administrator screen and adds Mantine (its components and
// styles) for these screens only; advertiser pages stay light (ADR 0003).
import mantineStyles from "@mantine/core/styles.layer.css?url";
import { MantineProvider, createTheme } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireAdministrator } from "~/.server/auth";
import { useNonce } from "~/components/nonce";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mantineStyles }];

const theme = createTheme({
  primaryColor: "orange",
  fontFamily:
    '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", Meiryo, sans-serif',
  defaultRadius: "sm",
});

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAdministrator(context);
  return null;
}

export default function AdministratorArea() {
  const nonce = useNonce();
  return (
    <MantineProvider theme={theme} forceColorScheme="light" getStyleNonce={() => nonce}>
      <Outlet />
    </MantineProvider>
  );
}
