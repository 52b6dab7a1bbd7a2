import type { Passkey, PasskeyList } from '@jammy/shared/passkeys';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { AccountProblem, authCall } from './problem';

// The traveller's passkeys (docs/decisions/047): added through better-auth's WebAuthn
// ceremony (the server's challenge, the device's answer, the server's check), listed, renamed
// and removed through /api/me/passkeys.

export const passkeysQueryKey = ['account', 'passkeys'] as const;

export const passkeysQuery = queryOptions({
  queryKey: passkeysQueryKey,
  queryFn: async () => (await apiRequest<PasskeyList>('/api/me/passkeys')).items,
});

export function usePasskeys() {
  return useQuery(passkeysQuery);
}

/** Whether this browser can make a passkey at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** What the browser's refusal to make a passkey means for the traveller. */
function ceremonyProblem(error: unknown): AccountProblem {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new AccountProblem('passkey-exists');
  }
  // Closed, refused or timed out: the browser does not say which, on purpose.
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return new AccountProblem('passkey-cancelled');
  }
  return new AccountProblem('passkey-failed');
}

/** Asks the device for a new passkey of this account and stores it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await authCall((fetchOptions) =>
    authClient.$fetch<PublicKeyCredentialCreationOptionsJSON>('/passkey/register-options', {
      method: 'GET',
      ...fetchOptions,
    }),
  );
  if (!optionsJSON) throw new AccountProblem('server');
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw ceremonyProblem(error);
  });
  const added = await authCall((fetchOptions) =>
    authClient.$fetch<Passkey>('/passkey/register', {
      method: 'POST',
      body: { name, response },
      ...fetchOptions,
    }),
  );
  if (!added) throw new AccountProblem('server');
  return added;
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest<Passkey>(`/api/me/passkeys/${id}`, { method: 'PATCH', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<undefined>(`/api/me/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
