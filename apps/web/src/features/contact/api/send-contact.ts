import type { ContactReceipt, ContactRequest } from '@jammy/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact: the message as the form holds it. */
export function sendContact(input: ContactRequest): Promise<ContactReceipt> {
  return apiRequest<ContactReceipt>('/api/contact', { method: 'POST', body: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
