// The reference API's own field limits (SPEC §5, §9; ARCHITECTURE §6 for the columns behind them).
// The portal keeps its own for its forms; tests/contract proves the two agree.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 255;
export const EMAIL_MAX = 180;
export const TITLE_MAX = 50;
/** One-line texts: company, person, city, address, store name and address, link titles. */
export const TEXT_MAX = 255;
export const AD_BODY_MAX = 5000;
export const URL_MAX = 2048;
export const MESSAGE_MAX = 2000;

/** Courses: names and notes as the columns hold them; a price in a 32-bit integer column. */
export const COURSE_NAME_MAX = 100;
export const COURSE_NOTE_MAX = 255;
export const COURSE_PRICE_MAX = 99_999_999;
/** Ten years, in either unit. */
export const COURSE_MONTHS_MAX = 120;
export const COURSE_DAYS_MAX = 3650;
export const PERIOD_TYPES = ["month", "day"] as const;
