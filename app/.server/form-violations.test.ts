// Every form that shows the upstream's violations, walked through every property the reference
// API can report for it (its validators' shapes under api/, and the refusals it raises by name):
// each violation lands beside the form's field, or in the banner under the field's label, never
// as a bare 「入力してください。」 no one can place (issue 30, defect 1).
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { entryShape, trialEntryShape } from "../../api/resources/advertiser-entries";
import { messageShape } from "../../api/resources/message-boxes";
import { paidShape, unpaidShape } from "../../api/resources/order-payments";
import { contactShape, remandShape, startShape } from "../../api/resources/order-review";
import { keyShape } from "../../api/resources/payment-keys";
import { adminShape, postShape } from "../../api/resources/post-writes";
import { courseShape } from "../../api/resources/publishment-courses";
import { localityShape } from "../../api/resources/publishment-localities";
import { orderFieldsShape, orderShape } from "../../api/resources/publishment-order-routes";
import { emailShape, ownPasswordShape, resetPasswordShape } from "../../api/resources/user-logins";
import { contactDetailsShape } from "../../api/validation";
import { REVIEW_FIELDS } from "../routes/administrator.advertisements.$id_.detail/detail.server";
import { administratorAdvertisementFields } from "../routes/administrator.advertisements.$id_.edit/edit.server";
import { RESET_PASSWORD_FIELDS } from "../routes/administrator.advertisers.$id/detail.server";
import { CARD_FIELDS } from "../routes/advertiser.advertisements.$id_.publishment_.complete/payment.server";
import { TRIAL_ALIASES, trialSchema } from "../routes/trial._index/trial.server";
import { fieldLabel, STATE_PROPERTIES } from "~/domain/field-labels";
import {
  contactDetailFields,
  emailChangeFields,
  messageFields,
  passwordFields,
  registrationFields,
} from "./account-schemas";
import { advertisementAliases, advertisementSchema } from "./advertisement-form";
import { areaFields } from "./area-form";
import { courseFields } from "./course-form";
import { initEnv } from "./env";
import { handleConfirmForm, violationErrors } from "./forms";
import { publishmentFields } from "../routes/advertiser.advertisements.$id_.publishment/publishment.server";
import { UpstreamViolationError } from "./upstream/errors";

const keys = (shape: object) => Object.keys(shape);
const under = (prefix: string, shape: object) => keys(shape).map((name) => `${prefix}.${name}`);
const adFields = keys(advertisementSchema.shape);

type FormCase = {
  fields: readonly string[];
  aliases?: Record<string, string>;
  /** What the API can report for the form's calls (validate, save). */
  paths: string[];
};

const forms: Record<string, FormCase> = {
  "registration (advertiser_entries)": { fields: registrationFields, paths: keys(entryShape) },
  "profile edit, advertiser and administrator (clients)": {
    fields: contactDetailFields,
    paths: keys(contactDetailsShape),
  },
  "e-mail change (update_email)": { fields: emailChangeFields, paths: keys(emailShape) },
  "password change (update_password)": { fields: passwordFields, paths: keys(ownPasswordShape) },
  "the editors' password reset (reset_password)": {
    fields: RESET_PASSWORD_FIELDS,
    paths: keys(resetPasswordShape),
  },
  "contact (message_boxes)": {
    fields: messageFields,
    paths: [...keys(messageShape), "advertisement"],
  },
  "publishment (publishment_orders)": { fields: publishmentFields, paths: keys(orderShape) },
  "ad create and edit (posts)": {
    fields: adFields,
    aliases: advertisementAliases,
    paths: keys(postShape),
  },
  "the editors' ad edit (PUT posts)": {
    fields: [...adFields, ...keys(administratorAdvertisementFields)],
    aliases: advertisementAliases,
    paths: [...keys(postShape), ...keys(adminShape)],
  },
  "trial (validate_trial, create_trial)": {
    fields: keys(trialSchema(new Date("2026-11-27T00:00:00Z")).shape),
    aliases: TRIAL_ALIASES,
    paths: [
      ...under("advertisement", postShape),
      ...under("advertiserEntry", trialEntryShape),
      ...under("publishmentOrder", orderFieldsShape),
    ],
  },
  "area (publishment_localities)": { fields: areaFields, paths: keys(localityShape) },
  "course (publishment_courses)": { fields: courseFields, paths: keys(courseShape) },
  "the editors' review and payment forms (order review, payment)": {
    fields: REVIEW_FIELDS,
    paths: [
      ...keys(startShape),
      ...keys(remandShape),
      ...keys(contactShape),
      ...keys(paidShape),
      ...keys(unpaidShape),
      "publishmentStatus",
      "paymentStatus",
    ],
  },
  "card payment (payment key)": {
    fields: CARD_FIELDS,
    paths: [...keys(keyShape(null)), "paymentStatus"],
  },
};

const MESSAGE = "入力してください。";

describe.each(Object.entries(forms))("%s", (_name, form) => {
  it.each(form.paths)("a violation on %s is placed", (path) => {
    const { fieldErrors, formErrors } = violationErrors(
      [{ propertyPath: path, message: MESSAGE }],
      form.fields,
      form.aliases,
    );
    const last = path.split(".").at(-1)!;
    const placed = Object.entries(fieldErrors);
    if (form.fields.includes(last) || placed.length > 0) {
      // A property the form has a field for is shown beside that field, never in the banner.
      expect(placed).toEqual([[form.aliases?.[path] ?? last, [MESSAGE]]]);
      expect(form.fields).toContain(placed[0]![0]);
      expect(formErrors).toEqual([]);
    } else if (STATE_PROPERTIES.has(path)) {
      // A refusing state speaks a whole sentence of its own (「この申込はお支払い済みです。」).
      expect(formErrors).toEqual([MESSAGE]);
    } else {
      const label = fieldLabel(path);
      expect(label, `a label for ${path}`).not.toBeNull();
      expect(formErrors).toEqual([`${label}：${MESSAGE}`]);
    }
  });
});

describe("violationErrors", () => {
  it("names a field the form does not show, with the form's own label first", () => {
    const violations = [{ propertyPath: "advertisement.link1Url", message: MESSAGE }];
    expect(violationErrors(violations, []).formErrors).toEqual([`リンク1 URL：${MESSAGE}`]);
    expect(violationErrors(violations, [], {}, { link1Url: "URL" }).formErrors).toEqual([
      `URL：${MESSAGE}`,
    ]);
  });

  it("quotes a path the portal has no name for, and leaves a whole-request refusal as it is", () => {
    const { formErrors } = violationErrors(
      [
        { propertyPath: "somethingNew", message: MESSAGE },
        { propertyPath: "", message: "この操作はできません。" },
      ],
      [],
    );
    expect(formErrors).toEqual([`項目「somethingNew」：${MESSAGE}`, "この操作はできません。"]);
  });
});

describe("handleConfirmForm", () => {
  beforeAll(() => {
    initEnv({
      NODE_ENV: "test",
      SESSION_SECRET: "form-violations-secret",
      DATA_DIR: "/tmp/unused",
    });
  });

  it("names an unplaced violation in the round where the form's own rules fail too", async () => {
    const schema = z.object({
      title: z.string({ required_error: MESSAGE }),
      link1Title: z.string().optional(),
    });
    const reply = await handleConfirmForm(
      new Request("http://portal.test/form", {
        method: "POST",
        body: new URLSearchParams({ intent: "next", link1Title: "メニュー" }),
      }),
      {
        context: {},
        schema,
        fields: ["title", "link1Title"],
        validate: async () => {
          throw new UpstreamViolationError("posts/validate", [
            { propertyPath: "title", message: MESSAGE },
            { propertyPath: "link1Url", message: MESSAGE },
          ]);
        },
        save: async () => new Response(null, { status: 302 }),
      },
    );
    const { data } = reply as unknown as {
      data: { result: { error?: Record<string, string[] | null> } };
    };
    expect(data.result.error?.title).toEqual([MESSAGE]);
    expect(data.result.error?.[""]).toEqual([`リンク1 URL：${MESSAGE}`]);
  });
});
