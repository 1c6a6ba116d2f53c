import { Container, Text } from "@mantine/core";
import { PRODUCT_NAME } from "~/domain/meta";

export function Footer() {
  return (
    <footer className="app-footer">
      <Container size="lg" py="md">
        <Text size="xs" c="dimmed" ta="center">
          © お店News — {PRODUCT_NAME}
        </Text>
      </Container>
    </footer>
  );
}
