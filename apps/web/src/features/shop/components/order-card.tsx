import { orderNumber, type Order, type OrderStatus } from '@jammy/shared/shop';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { useMoney } from './price';
import { dateTimeFormat } from '../../../lib/intl';

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  refunded: 'gray',
  cancelled: 'gray',
};

/** One order: its lines, total, status and dates; `actions` for what may be done with it. */
export function OrderCard({ order, children }: { order: Order; children?: ReactNode }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const money = useMoney();
  const date = (value: string) =>
    dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(value));
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      data-order={order.id}
      data-status={order.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t('orders.number', { number: orderNumber(order.id) })}</Text>
          {/* Dark text: the palette's darkest green (paid) is 3.8:1 on its own light shade. */}
          <Badge variant="light" color={STATUS_COLOURS[order.status]} c="ink.9">
            {t(`orders.status.${order.status}`)}
          </Badge>
        </Group>
        {order.buyerEmail && (
          <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {order.buyerEmail}
          </Text>
        )}
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {order.lines.map((line) => (
            <Text component="li" size="sm" key={line.productId}>
              <bdi>{line.title}</bdi> · {money(line.priceMinor, order.currency)}
            </Text>
          ))}
        </Stack>
        <Text size="sm" fw={600}>
          {t('orders.total', { total: money(order.totalMinor, order.currency) })}
          {order.taxMinor > 0 &&
            ` · ${t(order.taxInclusive ? 'orders.taxIncluded' : 'orders.taxAdded', {
              tax: money(order.taxMinor, order.currency),
            })}`}
        </Text>
        <Text size="xs" c="gray.8">
          {t('orders.placed', { date: date(order.createdAt) })}
          {order.paidAt && ` · ${t('orders.paidOn', { date: date(order.paidAt) })}`}
          {order.refundedAt && ` · ${t('orders.refundedOn', { date: date(order.refundedAt) })}`}
        </Text>
        {order.status === 'pending' && order.paymentMode === 'invoice' && !order.buyerEmail && (
          <Text size="sm" c="gray.8">
            {t('orders.invoicePending')}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
