import type { Order } from '@jammy/shared/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withStepUp } from '../../../lib/step-up';
import { shopKeys } from './shop';

// The admins' order actions, apart from the shop's other calls: only the admin section (an
// online page) loads them, with the step-up they may ask.

/** POST …/paid or …/refund (admins). */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refund needs a recent sign-in: the password or a code is asked, then it is sent again.
    mutationFn: ({ order, action }: { order: Order; action: 'paid' | 'refund' }) =>
      withStepUp(() =>
        apiRequest<Order>(`/api/admin/shop/orders/${order.id}/${action}`, {
          method: 'POST',
          body: { version: order.version },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
