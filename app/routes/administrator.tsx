// The administrator area: guards every administrator screen and adds Mantine (its components and
// styles) for these screens only; advertiser pages stay light (ADR 0003). Its error boundary shows
// a screen's error inside the area, Mantine's styles and the header kept.
import mantineStyles from "@mantine/core/styles.layer.css?url";
import {
  DEFAULT_THEME,
  MantineProvider,
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from "@mantine/core";
import type { ReactNode } from "react";
import { type LinksFunction, type LoaderFunctionArgs, Outlet } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { ErrorPage } from "~/components/ErrorPage";
import { useNonce } from "~/components/nonce";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mantineStyles }];

// WCAG AA: Mantine's orange 8 (#e8590c, 3.58:1 with white) and dimmed gray 6 (3.32:1) are too
// light for text, so shades 8 and 9 are the darker shades of the brand hue the advertiser pages use
// (app.css --c-primary-dark and --c-primary-darker) and dimmed text is darker gray.
const orange = [
  ...DEFAULT_THEME.colors.orange.slice(0, 8),
  "#b34a04",
  "#8f3b04",
] as unknown as MantineColorsTuple;
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Error texts in red 6 (#fa5252, 3.28:1) are too light too: red 9 (#c92a2a) reads at 5.4:1.
  light: { "--mantine-color-dimmed": "#5c636a", "--mantine-color-error": "#c92a2a" },
  dark: {},
});

const theme = createTheme({
  primaryColor: "orange",
  primaryShade: 8,
  colors: { orange },
  fontFamily:
    '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", Meiryo, sans-serif',
  defaultRadius: "sm",
  // Modals and menus appear without a fade for people whose system asks for less motion.
  respectReducedMotion: true,
});

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAdministrator(context);
  return null;
}

function Mantine({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      getStyleNonce={() => nonce}
    >
      {children}
    </MantineProvider>
  );
}

export default function AdministratorArea() {
  return (
    <Mantine>
      <Outlet />
    </Mantine>
  );
}

export function ErrorBoundary() {
  return (
    <Mantine>
      <ErrorPage />
    </Mantine>
  );
}
