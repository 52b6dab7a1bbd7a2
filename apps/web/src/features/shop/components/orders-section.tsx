import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ordersQuery } from '../api/shop';
import { OrderCard } from './order-card';

/** The account's orders: what was bought, paid or not, and the itineraries it unlocked. */
export function OrdersSection() {
  const { t } = useTranslation('shop');
  const { to } = useLanguage();
  const query = useQuery(ordersQuery);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('orders.title')}
        </Title>
        <Text c="gray.8">{t('orders.lead')}</Text>
      </Stack>
      {query.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="red.9">
            {t('failed')}
          </Text>
        </Alert>
      ) : query.data.items.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text c="gray.8">{t('orders.empty')}</Text>
          <Button component={Link} to={to('/shop')} variant="light">
            {t('orders.toShop')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.items.map((order) => (
            <OrderCard key={order.id} order={order}>
              {order.status === 'paid' && (
                <Group gap="xs">
                  {order.lines.flatMap((line) =>
                    line.presetIds.map((presetId, index) => (
                      <Button
                        key={`${line.productId}-${presetId}`}
                        component={Link}
                        to={`${to(`/jammy-itineraries/${presetId}`)}?copy=1`}
                        size="compact-sm"
                        variant="light"
                      >
                        {line.presetIds.length > 1
                          ? t('orders.copyPart', { title: line.title, number: index + 1 })
                          : t('orders.copy', { title: line.title })}
                      </Button>
                    )),
                  )}
                </Group>
              )}
              {order.status === 'pending' && order.checkoutUrl && (
                <Button component="a" href={order.checkoutUrl} size="compact-sm" w="fit-content">
                  {t('orders.payNow')}
                </Button>
              )}
            </OrderCard>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
