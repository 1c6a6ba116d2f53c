// Account calls (SPEC §7 Accounts, Clients, Messages): registration, contact details, email,
// password and the message box.
import { z } from "zod";
import type { TokenPair } from "../session";
import { actedAnswerBody, type UpstreamClient } from "./client";
import { getCollectionPage } from "./hydra";
import { relation } from "./relations";
import { clientSchema } from "./resources";

const anything = z.unknown();

export type ContactDetails = {
  companyName: string;
  personInCharge: string;
  tel: string;
  zipCode: string;
  prefecture: string;
  city: string;
  address: string;
};
export type AdvertiserEntry = ContactDetails & {
  email: string;
  newPassword: string;
  newPasswordConfirm: string;
};

export const validateAdvertiserEntry = (api: UpstreamClient, entry: AdvertiserEntry) =>
  api.send("POST", "/api/adv/advertiser_entries/validate", entry, anything);

export const createAdvertiserEntry = (api: UpstreamClient, entry: AdvertiserEntry) =>
  api.send("POST", "/api/adv/advertiser_entries", entry, anything);

export const validateClient = (api: UpstreamClient, id: number, details: ContactDetails) =>
  api.send("POST", `/api/adv/clients/${id}/validate`, details, anything);

export const updateClient = (api: UpstreamClient, id: number, details: ContactDetails) =>
  api.send("PATCH", `/api/adv/clients/${id}`, details, clientSchema);

export const validateEmailChange = (api: UpstreamClient, userLoginId: number, newEmail: string) =>
  api.send(
    "PATCH",
    `/api/adv/user_logins/${userLoginId}/update_email/validate`,
    { newEmail },
    anything,
  );

const aToken = z.string().min(1).optional().catch(undefined);
const emailChanged = z
  .object({ token: aToken, refreshToken: aToken, refresh_token: aToken })
  .passthrough()
  .nullable()
  .catch(null)
  .transform((answer): Partial<TokenPair> => ({
    token: answer?.token,
    refreshToken: answer?.refreshToken ?? answer?.refresh_token,
  }));

/**
 * Changes the email. §7: the answer has `refreshToken`, which replaces the stored one; our
 * reference API answers a whole pair (`token` with `refreshToken` or `refresh_token`). The
 * upstream has acted whatever it answers: what it gives is returned, maybe nothing
 * (storeEmailChangeTokens makes a session of it).
 */
export async function changeEmail(
  api: UpstreamClient,
  userLoginId: number,
  newEmail: string,
): Promise<Partial<TokenPair>> {
  const response = await api.request("PATCH", `/api/adv/user_logins/${userLoginId}/update_email`, {
    json: { newEmail },
  });
  return emailChanged.parse(await actedAnswerBody(response));
}

export type PasswordChange = {
  oldPassword: string;
  newPassword: string;
  newPasswordConfirm: string;
};

export const validatePasswordChange = (
  api: UpstreamClient,
  userLoginId: number,
  change: PasswordChange,
) =>
  api.send(
    "PATCH",
    `/api/adv/user_logins/${userLoginId}/update_password/validate`,
    change,
    anything,
  );

export const changePassword = (api: UpstreamClient, userLoginId: number, change: PasswordChange) =>
  api.send("PATCH", `/api/adv/user_logins/${userLoginId}/update_password`, change, anything);

export const messageSchema = z.object({
  "@id": z.string(),
  id: z.number(),
  createdAt: z.string(),
  sender: z.enum(["advertiser", "system", "administrator"]),
  subject: z.string().nullish(),
  body: z.string().nullish(),
  // Bare, the message still links to its ad by the id in the IRI.
  advertisement: relation(
    z.object({
      "@id": z.string(),
      id: z.number(),
      title: z.string().nullish(),
      formattedAdvertisementId: z.string().nullish(),
    }),
  ).nullish(),
});
export type Message = z.infer<typeof messageSchema>;

export const listMessages = (
  api: UpstreamClient,
  clientId: number,
  page: number,
  itemsPerPage: number,
  post?: number,
) =>
  getCollectionPage(
    api,
    "/api/adv/message_boxes",
    messageSchema,
    { client: clientId, post, "order[id]": "desc" },
    { page, itemsPerPage },
  );

export type NewMessage = { body: string; advertisement?: string };

export const validateMessage = (api: UpstreamClient, message: NewMessage) =>
  api.send("POST", "/api/adv/message_boxes/validate", message, anything);

export const createMessage = (api: UpstreamClient, message: NewMessage) =>
  api.send("POST", "/api/adv/message_boxes", message, messageSchema);
