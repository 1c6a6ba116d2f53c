// Page titles carry the product name as a suffix (SPEC §2 Layouts).
export const PRODUCT_NAME = "お店News 広告管理";

export function pageTitle(title?: string): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
