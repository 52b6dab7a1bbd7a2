import type { Me, UpdateMe } from '@jammy/shared/account';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/me with what /finish-register asks: name, language and accepting the terms. */
export function completeProfile(input: Required<Pick<UpdateMe, 'name' | 'language'>>) {
  return apiRequest<Me>('/api/me', {
    method: 'PATCH',
    body: { name: input.name, language: input.language, acceptTerms: true },
  });
}
