// Without zod: the sign-in and account forms of the web app check these as the traveller
// types, and must not load the schemas of account.ts for that.

/** Limits of account fields, shared by the forms and the server. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 80;
export const HOME_PLACE_MAX_LENGTH = 120;
/** What a traveller types to confirm deleting their account. */
export const DELETE_CONFIRMATION = 'DELETE';
