/**
 * What the prerendered sign-in page (decision 054) carries for its script besides the page:
 * render-page.tsx writes it at build time, sign-in.ts reads it in the browser.
 */

/** The id of the data block of the page's messages (JSON). */
export const SIGN_IN_MESSAGES_ID = 'sign-in-messages';

/**
 * The language's texts the script may show, made with the app's words: `{name}` stands for a
 * value only known then (a wait, an address, a limit).
 */
export interface SignInMessages {
  /** A failed request's message, by the key of its AuthFailure (`errors.invalidCredentials`). */
  errors: Record<string, string>;
  /** A field's problem, by field and kind (`email` → `required`). */
  fields: Record<string, Record<string, string>>;
  /** "We've sent a new confirmation link to {email}." */
  verificationSent: string;
}

/**
 * The markup the script copies, rendered with the app's components (`<template
 * data-template="…">`): a failure's alert and a notice (their text in `[data-message]`), the
 * button that sends the confirmation e-mail again, a field with its problem, a busy button (its
 * loader) and a password field showing the password (its toggle's icon).
 */
export type SignInTemplate =
  'alert' | 'notice' | 'resend' | 'fieldError' | 'busy' | 'passwordShown';

/** `{name}` in `text` replaced by the value of `name`, when there is one. */
export function fillIn(text: string, values: Record<string, string | number | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}
