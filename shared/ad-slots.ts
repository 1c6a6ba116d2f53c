// The ad's numbered fields as the wire names them (SPEC §3: image1..image5 with body1..body5,
// link1..link3): vocabulary both sides agree on, so it lives here and imports nothing.

/** Five images with five bodies, and three links, per ad (SPEC §9). */
export const AD_IMAGE_SLOTS = [1, 2, 3, 4, 5] as const;
export const AD_LINK_SLOTS = [1, 2, 3] as const;
export type AdImageSlot = (typeof AD_IMAGE_SLOTS)[number];
