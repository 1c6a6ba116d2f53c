// Business limits shared by forms and their server-side checks (SPEC §9).
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 255;
export const MESSAGE_MAX = 2000;
export const TITLE_MAX = 50;
