import type { PresetSummary } from '@jammy/shared/presets';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { apiRequest } from '../../../lib/api-client';
import { adminOrdersQuery, productsQuery } from '../api/shop';
import { AdminOrder } from './admin-order';
import { NewProductForm, ProductRow } from './product-forms';

function usePremiumPresets(language: string) {
  return useQuery({
    queryKey: ['shop', 'premium-presets', language],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ items: PresetSummary[] }>(
          `/api/presets?all=true&limit=100&lang=${language}`,
          { signal },
        )
      ).items.filter((preset) => preset.premium),
  });
}

/** The shop for admins: products and prices, and every order (mark paid, refund). */
export function ShopAdminSection() {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const products = useQuery(productsQuery(language, true));
  const orders = useQuery(adminOrdersQuery);
  const presets = usePremiumPresets(language);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('admin.heading')}
        </Title>
        <Text c="gray.8">{t('admin.lead')}</Text>
      </Stack>
      {presets.data ? (
        <NewProductForm presets={presets.data} />
      ) : (
        <Skeleton height={200} radius="lg" />
      )}
      <Stack gap="sm" component="section" aria-labelledby="admin-products">
        <Title order={3} size="h4" id="admin-products">
          {t('admin.products')}
        </Title>
        {products.data ? (
          products.data.items.length === 0 ? (
            <Text size="sm" c="gray.8">
              {t('admin.noProducts')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {products.data.items.map((product) => (
                <ProductRow key={`${product.id}-${product.version}`} product={product} />
              ))}
            </Stack>
          )
        ) : (
          <Skeleton height={80} radius="md" />
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="admin-orders">
        <Title order={3} size="h4" id="admin-orders">
          {t('admin.orders')}
        </Title>
        {orders.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {t('failed')}
            </Text>
          </Alert>
        ) : orders.data ? (
          orders.data.items.length === 0 ? (
            <Text size="sm" c="gray.8">
              {t('admin.noOrders')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {orders.data.items.map((order) => (
                <AdminOrder key={order.id} order={order} />
              ))}
            </Stack>
          )
        ) : (
          <Skeleton height={80} radius="md" />
        )}
      </Stack>
    </Stack>
  );
}
