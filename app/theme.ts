import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "orange",
  fontFamily:
    '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", Meiryo, sans-serif',
  defaultRadius: "sm",
});
