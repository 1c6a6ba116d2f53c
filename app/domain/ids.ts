// Display ids: advertisers are shown with 5 digits, administrators with 3 (SPEC §9).

export function padId(id: number | string, digits: number): string {
  return String(id).padStart(digits, "0");
}

export const formatAdvertiserId = (id: number | string) => padId(id, 5);
export const formatAdministratorId = (id: number | string) => padId(id, 3);
/** The application id shown for an ad (formattedAdvertisementId on the wire). */
export const formatAdvertisementId = (id: number | string) => padId(id, 6);
