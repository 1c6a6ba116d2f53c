// AdvertiserEntry: public self-registration of an advertiser (a login and its client at once).
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { createAdvertiser } from "../accounts";
import { sendAfterCommit } from "../adapters/mail";
import type { ApiDeps, ApiEnv } from "../context";
import { clients } from "../db/schema";
import { welcomeMail } from "../domain/mails";
import { iri, jsonLd, readBody, ViolationCode } from "../hydra";
import {
  anyPassword,
  checkEmailAvailable,
  checkPasswordConfirmation,
  Checks,
  contactDetailsShape,
  resolvePrefecture,
  email,
  isUniqueViolation,
  MESSAGES,
  newPassword,
  violation,
} from "../validation";
import { selectClients, serializeClient } from "./clients";

export const entryShape = {
  email: email(),
  newPassword: newPassword(),
  newPasswordConfirm: anyPassword(),
  ...contactDetailsShape,
};

/** Every violation of a registration at once (422), or the entry ready to be stored. */
async function validateEntry(deps: ApiDeps, body: Record<string, unknown>) {
  const input = await resolvePrefecture(deps.db, body);
  const checks = new Checks(entryShape, input);
  checkPasswordConfirmation(checks, input);
  await checkEmailAvailable(deps.db, checks, "email", checks.values.email);
  return checks.result();
}

/** The trial form's registration info: the same fields without the passwords (ADR 0012). */
export const trialEntryShape = { email: email(), ...contactDetailsShape };

/**
 * A trial's registration info (422 with every violation). `checkEmail`: whether a taken address
 * is a violation too (create_trial); advertiser_entries/validate_trial checks the format only.
 */
export async function validateTrialEntry(
  deps: Pick<ApiDeps, "db">,
  body: Record<string, unknown>,
  opts: { checkEmail: boolean },
) {
  const input = await resolvePrefecture(deps.db, body);
  const checks = new Checks(trialEntryShape, input);
  if (opts.checkEmail) await checkEmailAvailable(deps.db, checks, "email", checks.values.email);
  return checks.result();
}

export function advertiserEntryRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  // Public (auth.ts): the registration form's confirm step.
  routes.post("/api/adv/advertiser_entries/validate", async (c) => {
    await validateEntry(deps, await readBody(c));
    return c.body(null, 204);
  });

  // Public: the trial form's checks (ADR 0012). The address alone is checked apart, so the form
  // can tell a taken address (TrialError) from mistakes in the fields.
  routes.post("/api/adv/advertiser_entries/validate_trial", async (c) => {
    await validateTrialEntry(deps, await readBody(c), { checkEmail: false });
    return c.body(null, 204);
  });

  routes.post("/api/adv/advertiser_entries/validate_email", async (c) => {
    const input = await readBody(c);
    const checks = new Checks({ email: email() }, input);
    await checkEmailAvailable(deps.db, checks, "email", checks.values.email);
    checks.result();
    return c.body(null, 204);
  });

  // Public: creates the login and the client in one transaction; answers with the client.
  routes.post("/api/adv/advertiser_entries", async (c) => {
    const entry = await validateEntry(deps, await readBody(c));
    let created: { clientId: number };
    try {
      created = await createAdvertiser(deps.db, {
        email: entry.email,
        password: entry.newPassword,
        isTemporaryPassword: false,
        companyName: entry.companyName,
        personInCharge: entry.personInCharge,
        tel: entry.tel,
        zipCode: entry.zipCode,
        prefectureId: entry.prefecture,
        city: entry.city,
        address: entry.address,
      });
    } catch (error) {
      // Two registrations of one address at once: the unique index decides, the loser gets a 422.
      if (isUniqueViolation(error)) {
        throw violation("email", MESSAGES.emailTaken, ViolationCode.notUnique);
      }
      throw error;
    }
    const [row] = await selectClients(deps).where(eq(clients.id, created.clientId));
    await sendAfterCommit(deps.mailer, [
      welcomeMail({
        to: entry.email,
        companyName: entry.companyName,
        personInCharge: entry.personInCharge,
        loginUrl: deps.config.loginUrl,
      }),
    ]);
    c.header("Location", iri("clients", created.clientId));
    return jsonLd(c, { "@context": "/api/contexts/Client", ...serializeClient(row!) }, 201);
  });

  return routes;
}
