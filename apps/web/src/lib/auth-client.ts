import { magicLinkClient, phoneNumberClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { REQUEST_TIMEOUT_MS } from './api-client';

/** better-auth's client for the sign-in, sign-up, session and account endpoints. */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  // The authenticator codes' endpoints are called with `$fetch` where they are used: their
  // plugin's client would weigh on every page's precache for the account page and one sign-in
  // page.
  plugins: [magicLinkClient(), phoneNumberClient()],
  fetchOptions: { timeout: REQUEST_TIMEOUT_MS },
});
