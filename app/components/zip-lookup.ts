// 郵便番号 → 住所 in the browser (issue 30): a complete code typed or pasted asks the portal's
// /postal-address/{zip} (the data stays on the server) and fills the empty address fields.
// Kept tiny for the advertiser JS budget; the server's rules (zip-code.ts) still judge the code.
import type { PostalAddress } from "~/.server/postal-address";

type Field = HTMLInputElement | HTMLSelectElement | null;

/**
 * Writes `value` into a field that is empty or holds what an earlier lookup wrote (kept in
 * data-filled), never over what the person typed; a select keeps a name only if it offers it.
 */
function fill(field: Field, value: string | undefined) {
  if (!field || !value || (field.value && field.value !== field.dataset.filled)) return false;
  field.value = value;
  // A select without that option is left empty.
  if (field.value !== value) return false;
  field.dataset.filled = value;
  return true;
}

/**
 * Looks up the zip input's code once it has 7 digits (NFKC turns full-width digits into ASCII;
 * hyphens drop out); true when it filled something. The 町域 goes into an empty 番地 field, and
 * the caret follows it there if it was still in the zip field (someone who moved on keeps their
 * place). A reply for a code changed since is dropped.
 */
export async function fillAddressFromZip(input: HTMLInputElement): Promise<boolean> {
  const zip = input.value.normalize("NFKC").replace(/\D/g, "");
  if (zip.length !== 7 || input.dataset.looked === zip) return false;
  input.dataset.looked = zip;
  const response = await fetch(`/postal-address/${zip}`).catch(() => null);
  if (!response?.ok || input.dataset.looked !== zip) return false;
  const found = (await response.json()) as PostalAddress;
  const named = (name: string) => input.form!.elements.namedItem(name) as Field;
  const address = named("address") as HTMLInputElement | null;
  const filled = [
    fill(named("prefecture"), found.prefecture),
    fill(named("city"), found.city),
    fill(address, found.town),
  ];
  if (filled[2] && document.activeElement === input) {
    address!.focus();
    address!.setSelectionRange(99, 99); // clamped to the end: the 番地 follows the 町域
  }
  return filled.includes(true);
}
