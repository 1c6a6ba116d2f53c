// AdministratorAdvertisementsDetail, server side: the ad as the editors review it, and the review
// actions (approve, remand, move the start date, contact the advertiser, delete), each a form of
// its own answered by post/redirect/get, or by the same page with its errors and typed values.
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { describeAdvertisement } from "~/.server/advertisement-detail";
import { markOutage, violationErrors } from "~/.server/forms";
import type { PreviewVisitor } from "~/.server/preview-visitor";
import { invariantFound, rethrowAsHttpError } from "~/.server/http-errors";
import { loadMessagePage } from "~/.server/messages";
import type { UpstreamClient } from "~/.server/upstream/client";
import { UpstreamUnavailableError, UpstreamViolationError } from "~/.server/upstream/errors";
import {
  changePayment,
  changePublishesAt,
  confirmOrder,
  remandOrder,
} from "~/.server/upstream/orders";
import { contactClient, deletePost } from "~/.server/upstream/posts";
import { listRefunds } from "~/.server/upstream/refunds";
import { getAdminPost, type AdminPost } from "~/.server/upstream/resources";
import { formatDate, tokyoDate } from "../../../shared/tokyo-calendar";
import { formatAdvertiserId } from "../../../shared/ids";
import { UPSTREAM_DOWN_MESSAGE } from "~/domain/error-texts";
import { priceWithTaxLabel } from "~/domain/money";
import {
  canMarkPaid,
  canMarkUnpaid,
  MARK_PAID_TEXTS,
  UNPAID_CONFIRM_QUERY,
} from "~/domain/payment";
import { REMAND_REASONS, REVIEW_NOTE_MAX, remandNote } from "~/domain/review";

export const detailPath = (id: number) => `/administrator/advertisements/${id}/detail`;

/** The confirmation step of 未入金に戻す (~/domain/payment UNPAID_CONFIRM_QUERY) is open. */
export const readConfirmUnpaid = (url: URL) => url.searchParams.get("unpaid") === "confirm";

export async function loadReviewDetail(
  api: UpstreamClient,
  args: { id: number; messagePage: number; origin: string; visitor: PreviewVisitor },
) {
  const post = await getAdminPost(api, args.id);
  const order = post.publishmentOrder;
  // The message box of this ad: its owner's messages about it (SPEC §7 message_boxes?post=), and
  // money to give back for its order (要返金, where the upstream lists it).
  const [messages, refunds] = await Promise.all([
    loadMessagePage(api, post.owner.id, args.messagePage, post.id, detailPath),
    order ? listRefunds(api, { publishmentOrder: order["@id"] }) : null,
  ]);
  return {
    ...describeAdvertisement(post, args.origin, "administrator", args.visitor),
    isDeleted: post.isDeleted,
    priority: post.priority ?? null,
    owner: {
      id: post.owner.id,
      displayId: formatAdvertiserId(post.owner.id),
      companyName: post.owner.companyName ?? "",
      adsHref: `/administrator/advertisements?ownerId=${post.owner.id}`,
    },
    order: order
      ? {
          area: [order.region?.name, order.locality?.name].filter(Boolean).join(" > "),
          course: order.course
            ? `${order.course.name}${order.course.periodLabel ? `（${order.course.periodLabel}）` : ""}`
            : "",
          period: `${formatDate(order.publishesAt)} 〜 ${formatDate(order.unpublishesAt)}`,
          price: priceWithTaxLabel(order.price ?? order.course?.price ?? 0),
          /** The approve and start-date forms start from the order's current start date. */
          publishesAt: order.publishesAt ? tokyoDate(new Date(order.publishesAt)) : "",
          confirmable: order.confirmableAdvertisement,
          remandable: order.remandableAdvertisement,
          /** SPEC §4: which of mark-paid and mark-unpaid are enabled. */
          markPaidEnabled: canMarkPaid(order),
          markUnpaidEnabled: canMarkUnpaid(order),
          paymentMethodLabel: order.paymentMethodLabel ?? "",
          /** While waiting for a store / Pay-easy payment: the slip, read-only. */
          paymentSlip: order.paymentStatus === "waiting" ? (order.paymentSlip ?? null) : null,
          paidAt: order.paidAt ? formatDate(order.paidAt) : "",
          /** The mark-paid form starts from today (Tokyo). */
          today: tokyoDate(new Date()),
        }
      : null,
    messages,
    refunds: refunds ?? [],
  };
}

const optionalNote = z
  .string()
  .max(REVIEW_NOTE_MAX, `${REVIEW_NOTE_MAX}文字以内で入力してください。`)
  .optional();
const publishesAt = z
  .string({ required_error: "掲載開始日を入力してください。" })
  .date("掲載開始日を正しい日付で入力してください。");
const REMAND_NOTE_REQUIRED = "差し戻しの理由を入力してください。";

const schemas = {
  confirm: z.object({ publishesAt, note: optionalNote }),
  publishesAt: z.object({ publishesAt, note: optionalNote }),
  remand: z
    .object({ reasons: z.array(z.enum(REMAND_REASONS)).default([]), note: optionalNote })
    .transform(({ reasons, note }) => ({ note: remandNote(reasons, note) }))
    .refine(({ note }) => note !== "", { message: REMAND_NOTE_REQUIRED, path: ["note"] }),
  contact: z.object({
    note: z
      .string({ required_error: "連絡する内容を入力してください。" })
      .max(REVIEW_NOTE_MAX, `${REVIEW_NOTE_MAX}文字以内で入力してください。`),
  }),
  delete: z.object({}),
  // Two halves checked side by side, so a missing date does not hide the missing method: the
  // cross-field rule (その他 needs its method) lives in the half that has both of its fields.
  markPaid: z
    .object({
      paidAt: z
        .string({ required_error: MARK_PAID_TEXTS.required })
        .date("正しい日付を入力してください。"),
      paymentNote: z
        .string()
        .max(REVIEW_NOTE_MAX, `${REVIEW_NOTE_MAX}文字以内で入力してください。`)
        .optional(),
    })
    .and(
      z
        .object({
          paymentType: z.enum(["direct", "other"], {
            errorMap: () => ({ message: MARK_PAID_TEXTS.invalidChoice }),
          }),
          paymentMethod: z
            .string()
            .max(REVIEW_NOTE_MAX, `${REVIEW_NOTE_MAX}文字以内で入力してください。`)
            .optional(),
        })
        .refine((v) => v.paymentType !== "other" || v.paymentMethod, {
          message: MARK_PAID_TEXTS.required,
          path: ["paymentMethod"],
        }),
    ),
  markUnpaid: z.object({ confirmed: z.literal("1") }),
} as const;

export type ReviewIntent = keyof typeof schemas;

/** Every field of the review forms: the upstream's violations on them show beside the field. */
export const REVIEW_FIELDS = [
  "publishesAt",
  "note",
  "paidAt",
  "paymentType",
  "paymentMethod",
  "paymentNote",
];

const successMessages: Record<ReviewIntent, string> = {
  confirm: "広告を承認しました。",
  remand: "広告を差し戻しました。",
  publishesAt: "掲載開始日を変更しました。",
  contact: "広告主へメッセージを送信しました。",
  delete: "広告を削除しました。",
  markPaid: "入金済みにしました。",
  markUnpaid: "未入金に戻しました。",
};

const isIntent = (value: unknown): value is ReviewIntent =>
  typeof value === "string" && Object.hasOwn(schemas, value);

/** The upstream call of each action; the order ones need an order (none: 404). */
async function perform(
  api: UpstreamClient,
  post: AdminPost,
  intent: ReviewIntent,
  value: Record<string, string | undefined>,
) {
  const order = post.publishmentOrder;
  const note = value.note || undefined;
  switch (intent) {
    case "confirm":
      invariantFound(order);
      return confirmOrder(api, order["@id"], { publishesAt: value.publishesAt!, note });
    case "remand":
      invariantFound(order);
      return remandOrder(api, order["@id"], { note: value.note! });
    case "publishesAt":
      invariantFound(order);
      return changePublishesAt(api, order["@id"], { publishesAt: value.publishesAt!, note });
    case "contact":
      return contactClient(api, post["@id"], value.note!);
    case "delete":
      return deletePost(api, post["@id"]);
    case "markPaid":
      invariantFound(order);
      // SPEC §5: a direct payment is sent as bank_transfer (the API records it so too).
      return changePayment(api, order["@id"], {
        isPaid: true,
        paidAt: value.paidAt!,
        paymentType: value.paymentType as "direct" | "other",
        paymentMethod: value.paymentType === "direct" ? "bank_transfer" : value.paymentMethod,
        paymentNote: value.paymentNote || undefined,
      });
    case "markUnpaid":
      invariantFound(order);
      return changePayment(api, order["@id"], { isPaid: false });
  }
}

/**
 * One action, dispatched on `intent`. Success flashes and redirects back to the detail; a refused
 * form comes back with its errors beside its fields and what was typed; an outage says so.
 */
export async function handleReviewAction(
  api: UpstreamClient,
  context: AppLoadContext,
  id: number,
  formData: FormData,
) {
  const intent = formData.get("intent");
  if (!isIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  if (intent === "markUnpaid" && formData.get("confirmed") !== "1") {
    return redirect(`${detailPath(id)}?${UNPAID_CONFIRM_QUERY}`);
  }
  formData.delete("intent");
  const submission = parseWithZod(formData, { schema: schemas[intent] });
  const reply = (
    status: number,
    errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
  ) => data({ intent, result: submission.reply(errors) }, { status });
  if (submission.status !== "success") return reply(400);

  try {
    // A deleted ad takes no action (the API answers 404 for it too).
    const post = await getAdminPost(api, id);
    invariantFound(!post.isDeleted);
    await perform(api, post, intent, submission.value as Record<string, string | undefined>);
  } catch (error) {
    if (error instanceof UpstreamViolationError) {
      const fields = Object.keys(submission.payload).concat(REVIEW_FIELDS);
      return reply(422, violationErrors(error.violations, fields));
    }
    if (error instanceof UpstreamUnavailableError) {
      markOutage(context);
      return reply(503, { formErrors: [UPSTREAM_DOWN_MESSAGE] });
    }
    return rethrowAsHttpError(error);
  }
  context.session.flash({ kind: "info", message: successMessages[intent] });
  return redirect(detailPath(id));
}
