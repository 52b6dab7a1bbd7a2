import type { PasskeyList } from '@jammy/shared/passkeys';
import type { PasskeyStepUpOptions } from '@jammy/shared/step-up';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * The traveller's passkeys, under the account page's key: the dialog offers a passkey first
 * when there is one, and shares the list the account page keeps fresh.
 */
export const stepUpPasskeysQuery = queryOptions({
  queryKey: ['account', 'passkeys'] as const,
  queryFn: async () => (await apiRequest<PasskeyList>('/api/me/passkeys')).items,
});

/** The device ended the ceremony without an answer (closed, refused, no matching passkey). */
export class PasskeyNotUsed extends Error {
  override name = 'PasskeyNotUsed';
}

/**
 * Steps up with a passkey: a challenge for this session and the traveller's own passkeys, the
 * device's signed answer (unlocked), then POST /api/me/step-up marks the session as proved.
 */
export async function stepUpWithPasskey(): Promise<void> {
  const optionsJSON = await apiRequest<PasskeyStepUpOptions>('/api/me/step-up/passkey-options', {
    method: 'POST',
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const passkey = await startAuthentication({ optionsJSON }).catch(() => {
    throw new PasskeyNotUsed();
  });
  await apiRequest<undefined>('/api/me/step-up', { method: 'POST', body: { passkey } });
}
