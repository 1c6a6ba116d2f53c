// When a completion page still describes the ad it is opened for. Opened later from the URL (a
// bookmark, the history) for a state it does not describe, the page sends the user to the ad
// detail instead. Only the order the page loads anyway is looked at: no clock, no session flag.
import type { PaymentStatus, PublishmentStatus } from "../../shared/wire";

type OrderState = { publishmentStatus: PublishmentStatus; paymentStatus: PaymentStatus };

// 掲載申込完了 is the payment choice screen: it is offered while paymentChoiceOffered(order)
// (app/domain/payment.ts), also for an order waiting by another method or re-applied.

/**
 * 広告編集完了 says the edit was accepted. Saving an edit re-applies the ad's order, which leaves it
 * `reapplying` (or `confirmed` when approved automatically); an order still `new` or `remanded`
 * was not edited since. An ad without an order carries nothing that tells (no edit time is
 * loaded), so its page is always shown.
 */
export function editCompleteDescribes(order: OrderState | null | undefined): boolean {
  if (!order) return true;
  return order.publishmentStatus === "reapplying" || order.publishmentStatus === "confirmed";
}
