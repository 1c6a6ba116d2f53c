import { PRODUCT_NAME } from "~/domain/meta";

export function Footer() {
  return <footer className="app-footer">© お店News — {PRODUCT_NAME}</footer>;
}
