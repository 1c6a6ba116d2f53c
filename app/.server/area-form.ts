// The area form (AdministratorAreasNew and …Edit): its schema and the one action both screens use.
// The upstream's …/validate has the last word (the region exists, the WordPress settings come as
// a set); this schema catches the obvious first. The WordPress application password is a secret
// field: between phases it travels sealed inside the POST body, never echoed into the page.
import { redirect } from "react-router";
import { z } from "zod";
import { TEXT_MAX } from "~/domain/limits";
import type { UpstreamClient } from "./upstream/client";
import { SELECT_REQUIRED, REQUIRED } from "./account-schemas";
import { formTexts, handleConfirmForm } from "./forms";
import { clearReferenceData } from "./reference-data";
import {
  createLocality,
  updateLocality,
  validateLocality,
  type AdminLocality,
  type LocalityInput,
} from "./upstream/areas";

export const AREA_NAME_MAX = 100;
const URL_MESSAGE = "http:// または https:// で始まるURLを入力してください。";
const tooLong = (max: number) => `${max}文字以内で入力してください。`;

const optionalText = () => z.string().trim().max(TEXT_MAX, tooLong(TEXT_MAX)).optional();
const optionalUrl = () =>
  z
    .string()
    .trim()
    .max(TEXT_MAX, tooLong(TEXT_MAX))
    .regex(/^https?:\/\/[^\s/]+/i, URL_MESSAGE)
    .optional();

export const areaSchema = z.object({
  region: z
    .string({ required_error: SELECT_REQUIRED })
    .startsWith("/api/adv/publishment_regions/", SELECT_REQUIRED),
  name: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(AREA_NAME_MAX, tooLong(AREA_NAME_MAX)),
  blogUrl: optionalUrl(),
  wpRestUrl: optionalUrl(),
  wpRestUser: optionalText(),
  // As typed: application passwords contain spaces.
  wpRestPassword: z.string().max(TEXT_MAX, tooLong(TEXT_MAX)).optional(),
  gaAccount: optionalText(),
  gaProperty: optionalText(),
  gaProfile: optionalText(),
});
export type AreaValues = z.output<typeof areaSchema>;
export type AreaForm = { [K in keyof AreaValues]?: string };
export const areaFields = Object.keys(areaSchema.shape);

/** The locality's texts, sent in full (blank as "") and shown in the form. */
const AREA_TEXTS = [
  "name",
  "blogUrl",
  "wpRestUrl",
  "wpRestUser",
  "gaAccount",
  "gaProperty",
  "gaProfile",
] as const;

/** The form's values of a stored locality (the password is never among them). */
export function areaFormOf(locality: AdminLocality): AreaForm {
  return { region: locality.region["@id"], ...formTexts(locality, AREA_TEXTS) };
}

/**
 * The upstream body: a full update, blank texts as "", the password only when one was typed. An
 * unchosen region (only while validating the rest of a form that fails) is left out: "" is not
 * an IRI (API Platform: 400 `Invalid IRI "".`), and the schema already says to choose one.
 */
function localityInput(values: Partial<AreaValues>): LocalityInput {
  const input: LocalityInput = {
    ...(values.region ? { region: values.region } : {}),
    ...formTexts(values, AREA_TEXTS),
  };
  if (values.wpRestPassword) input.wpRestPassword = values.wpRestPassword;
  return input;
}

/** 次へ / 修正 / 送信 of the area form; `id` is the locality being edited (none for a new one). */
export function handleAreaForm(
  request: Request,
  { context, api, id }: { context: object; api: UpstreamClient; id?: number },
) {
  return handleConfirmForm(request, {
    context,
    schema: areaSchema,
    fields: areaFields,
    secretFields: ["wpRestPassword"],
    validate: (values) => validateLocality(api, localityInput(values), id),
    save: async (values) => {
      const saved =
        id === undefined
          ? await createLocality(api, localityInput(values))
          : await updateLocality(api, id, localityInput(values));
      // The application form's region and locality choices are cached per process.
      clearReferenceData();
      return redirect(`/administrator/areas/${saved.id}/edit/complete`);
    },
  });
}
