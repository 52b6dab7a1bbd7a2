/** The prefix of better-auth's cookies (auth.ts `advanced.cookiePrefix`). */
export const COOKIE_PREFIX = 'jammy';

/** The session cookie's name: better-auth adds `__Secure-` to it over HTTPS. */
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

/** Whether a request carries a session cookie (valid or not: only better-auth can tell). */
export function hasSessionCookie(cookies: Record<string, string | undefined>): boolean {
  return (
    cookies[SESSION_COOKIE] !== undefined || cookies[`__Secure-${SESSION_COOKIE}`] !== undefined
  );
}
