// Display ids: advertisers are shown with 5 digits, administrators with 3 (SPEC §9).

export function padId(id: number | string, digits: number): string {
  return String(id).padStart(digits, "0");
}

export const formatAdvertiserId = (id: number | string) => padId(id, 5);
export const formatAdministratorId = (id: number | string) => padId(id, 3);
/** The application id shown for an ad (formattedAdvertisementId on the wire). */
export const formatAdvertisementId = (id: number | string) => padId(id, 6);

/**
 * The file name of an order's invoice or receipt (SPEC §7 invoice-{id}.pdf / receipt-{id}.pdf):
 * {id} is the ad's, written as its 申込ID, the one number the advertiser quotes (issue 30 #3).
 */
export const documentFilename = (kind: "invoice" | "receipt", applicationId: string) =>
  `${kind}-${applicationId}.pdf`;
