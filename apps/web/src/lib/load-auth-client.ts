/**
 * better-auth's client, loaded when first needed: a sign-in form draws and takes input
 * without it (12 kB of gzip JavaScript), and fetches it as soon as it is used.
 */
export async function loadAuthClient() {
  return (await import('./auth-client')).authClient;
}
