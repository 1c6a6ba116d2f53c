// Business limits shared by forms and their server-side checks (SPEC §9). The portal's schemas and
// the API's validators both read these, so the two never disagree on a length.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 255;
export const MESSAGE_MAX = 2000;
export const TITLE_MAX = 50;
/** One-line texts: company, person, city, address, store name and address, link titles. */
export const TEXT_MAX = 255;
/** Each of an ad's body texts (body1…body5). */
export const AD_BODY_MAX = 5000;
/** Link URLs and the store's homepage. */
export const URL_MAX = 2048;
/** Login email addresses (Symfony's user email column). */
export const EMAIL_MAX = 180;
/** An ad's priority, set by administrators: the list shows smaller numbers first. */
export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 9999;
/** The editors' note on an ad (statusNote), shown to the advertiser as 「編集部より」. */
export const STATUS_NOTE_MAX = 1000;
