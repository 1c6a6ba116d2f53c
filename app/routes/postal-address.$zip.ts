// Resource route for 郵便番号 → 住所 with JS (app/components/zip-lookup.ts): GET
// /postal-address/1040061 → { prefecture, city?, town? }. Public like the registration and trial
// forms that ask it; the answer depends on the code alone, so browsers and caches may keep it.
import type { LoaderFunctionArgs } from "react-router";
import { listedPrefectures, lookupPostalAddress } from "~/.server/postal-address";
import { ZIP_CODE_MESSAGE, ZIP_CODE_PATTERN } from "../../shared/zip-code";

const NOT_FOUND_MESSAGE = "この郵便番号の住所は見つかりませんでした。";

/** Japan Post updates monthly; a day is fresh enough and spares repeated lookups. */
const CACHEABLE = { "Cache-Control": "public, max-age=86400" };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const zip = params.zip ?? "";
  // Only the 7 digits the form's script sends: one URL per code for the caches.
  if (!ZIP_CODE_PATTERN.test(zip))
    return Response.json({ message: ZIP_CODE_MESSAGE }, { status: 400, headers: CACHEABLE });
  const listed = await listedPrefectures(context);
  const found = lookupPostalAddress(zip, listed);
  if (!found) return Response.json({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  // Without the upstream's list the answer may differ later: not for other browsers to keep.
  return Response.json(found, {
    headers: listed ? CACHEABLE : { "Cache-Control": "private, max-age=60" },
  });
}
