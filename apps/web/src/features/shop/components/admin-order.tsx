import { orderNumber, type Order } from '@jammy/shared/shop';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { listFormat } from '../../../lib/intl';
import { useOrderAction } from '../api/order-actions';
import { OrderCard } from './order-card';
import { useMoney } from './price';

type Action = 'paid' | 'refund';

/**
 * An order as admins see it, with what may be done with it. Marking it paid unlocks its
 * itineraries for the buyer and a refund takes them back, each with a mail to the buyer: both
 * ask first, saying so, and nothing happens until the admin confirms.
 */
export function AdminOrder({ order }: { order: Order }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const money = useMoney();
  const action = useOrderAction();
  const [asking, setAsking] = useState(false);
  // Kept while the dialog closes, so that its text does not change as it fades.
  const [kind, setKind] = useState<Action>('paid');
  const ask = (next: Action) => {
    setKind(next);
    setAsking(true);
  };

  const values = {
    number: orderNumber(order.id),
    total: money(order.totalMinor, order.currency),
    buyer: order.buyerEmail ?? '',
    products: listFormat(language, { type: 'conjunction' }).format(
      order.lines.map((line) => line.title),
    ),
  };
  const dialog =
    kind === 'refund'
      ? {
          title: t('admin.confirmRefund.title', values),
          message: `${t('admin.confirmRefund.message', values)} ${t(
            order.paymentMode === 'stripe'
              ? 'admin.confirmRefund.stripe'
              : 'admin.confirmRefund.invoice',
            values,
          )}`,
          confirm: t('admin.confirmRefund.confirm'),
          confirmColor: 'red.8',
        }
      : {
          title: t('admin.confirmPaid.title', values),
          message: t('admin.confirmPaid.message', values),
          confirm: t('admin.confirmPaid.confirm'),
          // Paying destroys nothing: the app's own colour, not the red of a removal.
          confirmColor: 'jam.8',
        };
  const problem =
    action.error instanceof ApiError && [404, 409].includes(action.error.status)
      ? t('admin.changed')
      : t('cart.errors.failed');

  return (
    <OrderCard order={order}>
      <Group gap="xs">
        {order.status === 'pending' && (
          <Button size="compact-sm" onClick={() => ask('paid')}>
            {t('admin.markPaid')}
          </Button>
        )}
        {order.status === 'paid' && (
          <Button size="compact-sm" variant="default" c="red.9" onClick={() => ask('refund')}>
            {t('admin.refund')}
          </Button>
        )}
      </Group>
      {action.error && (
        <Text size="sm" c="red.9" role="alert">
          {problem}
        </Text>
      )}
      <ConfirmDialog
        opened={asking}
        title={dialog.title}
        message={dialog.message}
        confirm={dialog.confirm}
        confirmColor={dialog.confirmColor}
        cancel={t('admin.cancel')}
        pending={action.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          action.mutate({ order, action: kind }, { onSettled: () => setAsking(false) })
        }
      />
    </OrderCard>
  );
}
