import { PRODUCT_NAME } from "~/domain/meta";

// The product name already begins with the brand, so it is said once (「© お店News 広告管理」).
export function Footer() {
  return <footer className="app-footer">© {PRODUCT_NAME}</footer>;
}
