// The content of an ad (a Post) as API tests write it: the demo's own media and the fields SPEC §3
// requires, one place instead of a copy per file.

/** The IRI of media object `id` (demo media 1-4 are shop@'s, 5 other@'s). */
export const mediaIri = (id: number) => `/api/adv/media_objects/${id}`;

/** A valid ad of shop@'s on its demo image 1, but for `overrides`. */
export const adContent = (overrides: Record<string, unknown> = {}) => ({
  title: "夏の新メニュー",
  image1: mediaIri(1),
  body1: "本文1",
  eyeCatch: mediaIri(1),
  storeName: "カフェ",
  storeAddress: "東京都渋谷区1-2-3",
  storeTel: "03-1234-5678",
  ...overrides,
});
