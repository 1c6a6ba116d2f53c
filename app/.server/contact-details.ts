// The 登録情報 form that two screens share, the advertiser's own (AdvertiserEdit) and the
// administrator's (AdministratorAdvertisersEdit): the saved client as the form's values, and the
// action that validates the details upstream and PATCHes them (SPEC §2, §5).
import { redirect, type AppLoadContext } from "react-router";
import type { ContactForm } from "~/components/AccountFields";
import { contactDetailFields, contactDetailsSchema } from "./account-schemas";
import { formTexts, handleConfirmForm } from "./forms";
import { addressAutofill } from "./postal-address";
import { prefectureValue, type PrefectureOption } from "./reference-data";
import { updateClient, validateClient } from "./upstream/accounts";
import type { UpstreamClient } from "./upstream/client";

type SavedClient = Pick<ContactForm, "companyName" | "personInCharge"> & {
  tel?: string | null;
  zipCode?: string | null;
  prefecture?: Parameters<typeof prefectureValue>[0];
  city?: string | null;
  address?: string | null;
};

/** The saved details as the form starts with them (a missing one empty, the prefecture by name). */
export function contactFormOf(client: SavedClient, prefectures: PrefectureOption[]): ContactForm {
  const texts = ["companyName", "personInCharge", "tel", "zipCode", "city", "address"] as const;
  return {
    ...formTexts(client, texts),
    prefecture: prefectureValue(client.prefecture, prefectures),
  };
}

/** Input → confirm → 送信 of client `id`'s details; a saved change goes on to `done`. */
export function handleContactDetails(
  request: Request,
  context: AppLoadContext,
  api: UpstreamClient,
  { id, done }: { id: number; done: string },
) {
  return handleConfirmForm(request, {
    context,
    autofill: addressAutofill(context),
    schema: contactDetailsSchema,
    fields: contactDetailFields,
    validate: (details) => validateClient(api, id, details),
    save: async (details) => {
      await updateClient(api, id, details);
      return redirect(done);
    },
  });
}
