// The message history as the contact page shows it: one page, newest first, formatted on the server.
import { formatDateTime } from "../../shared/tokyo-calendar";
import { messageSenderLabels } from "~/domain/labels";
import { listMessages } from "./upstream/accounts";
import type { UpstreamClient } from "./upstream/client";

export const MESSAGE_PAGE_SIZE = 10;

export async function loadMessagePage(
  api: UpstreamClient,
  clientId: number,
  page: number,
  post?: number,
  /** Where 対象申込 links: the advertiser's ad detail, or the administrator's. */
  adPath: (id: number) => string = (id) => `/advertiser/advertisements/${id}`,
) {
  const { member, totalItems } = await listMessages(api, clientId, page, MESSAGE_PAGE_SIZE, post);
  const rows = member.map((m) => ({
    id: m.id,
    createdAt: formatDateTime(m.createdAt),
    target: m.advertisement
      ? `${m.advertisement.formattedAdvertisementId ?? m.advertisement.id} ${m.advertisement.title ?? ""}`.trim()
      : "",
    // 対象申込 links to the ad's detail page (SPEC §2 Contact).
    targetHref: m.advertisement ? adPath(m.advertisement.id) : "",
    sender: messageSenderLabels[m.sender],
    subject: m.subject ?? "",
    body: m.body ?? "",
  }));
  return { rows, totalItems, pageSize: MESSAGE_PAGE_SIZE };
}
