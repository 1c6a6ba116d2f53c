// The public trial form's calls (SPEC §7, ADR 0012): the three checks and the one-transaction
// create_trial. The client passed in carries the form's X-Trial-Key (anonymousUpstream).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { ContactDetails } from "./accounts";
import type { UpstreamClient } from "./client";
import type { PostInput } from "./posts";

/** 32 random bytes, base64url: what the API accepts as a trial key (ADR 0012). */
export const TRIAL_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newTrialKey(): string {
  return randomBytes(32).toString("base64url");
}

/** The registration info of the trial: no password fields (SPEC §3). */
export type TrialEntry = ContactDetails & { email: string };

/** The order part a sales link names (`?locality=&course=`); the API applies its order rules. */
export type TrialOrder = {
  region: string;
  locality: string;
  course: string;
  publishesAt: string;
  paymentType: "none";
};

export type TrialSubmission = {
  advertisement: PostInput;
  advertiserEntry: TrialEntry;
  publishmentOrder: TrialOrder | null;
};

const anything = z.unknown();

/** posts/validate_trial: the ad rules, images checked against the key's quarantine. */
export const validateTrialPost = (api: UpstreamClient, post: PostInput) =>
  api.send("POST", "/api/adv/posts/validate_trial", post, anything);

/** advertiser_entries/validate_trial: registration rules without passwords, e-mail format only. */
export const validateTrialEntry = (api: UpstreamClient, entry: TrialEntry) =>
  api.send("POST", "/api/adv/advertiser_entries/validate_trial", entry, anything);

/** advertiser_entries/validate_email: 204 when the address can register, else 422 on `email`. */
export const validateTrialEmail = (api: UpstreamClient, email: string) =>
  api.send("POST", "/api/adv/advertiser_entries/validate_email", { email }, anything);

/**
 * 201 (or 200 replaying the same key's first answer) with the ad's id; `id` is null when the API
 * silently refused a honeypot post.
 */
const trialCreated = z.object({
  "@id": z.string().nullish(),
  id: z.number().int().positive().nullable(),
});

export const createTrial = (api: UpstreamClient, submission: TrialSubmission) =>
  api.send("POST", "/api/adv/posts/create_trial", submission, trialCreated);
