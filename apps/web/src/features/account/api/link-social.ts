import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './problem';

export type LinkableProvider = 'google' | 'github' | 'oidc';

/** Starts linking Google, GitHub or the OIDC provider: the browser goes there and comes back. */
export function linkSocial(input: {
  provider: LinkableProvider;
  callbackURL: string;
  errorCallbackURL: string;
}) {
  return authCall((fetchOptions) => authClient.linkSocial({ ...input, fetchOptions }));
}

export function useLinkSocial() {
  return useMutation({ mutationFn: linkSocial });
}
