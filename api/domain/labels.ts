// The Japanese labels the reference API writes beside its codes (order lists, message senders).
import type { MessageSender, PaymentStatus, PublishmentStatus } from "../../shared/wire";

export const publishmentStatusLabels: Record<PublishmentStatus | "not_ordered", string> = {
  not_ordered: "掲載申込前",
  new: "審査中",
  remanded: "差し戻し",
  reapplying: "再審査中",
  confirmed: "承認済み",
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  none: "支払前",
  waiting: "入金待ち",
  paid: "支払済み",
};

export const paymentMethodLabels: Record<string, string> = {
  free: "無料",
  bank_transfer: "銀行振込",
  card: "クレジットカード",
  cvs: "コンビニ払い",
  payeasy: "ペイジー（銀行ATM）",
  other: "その他",
};

export const messageSenderLabels: Record<MessageSender, string> = {
  advertiser: "広告主",
  system: "システム",
  administrator: "編集部",
};
