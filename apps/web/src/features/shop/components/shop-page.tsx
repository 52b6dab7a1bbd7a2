import {
  Alert,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconFileInvoice,
  IconShoppingCart,
  IconCreditCard,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useMe } from '../../../lib/session';
import { useCart } from '../api/cart';
import { productsQuery } from '../api/shop';
import { TaxNote } from './price';
import { ProductCard } from './product-card';

/** /shop: the premium itineraries on sale, and the cart's count. */
export function ShopPage() {
  const { t } = useTranslation('shop');
  const { t: tc } = useTranslation();
  const { language, to } = useLanguage();
  const { data: me } = useMe();
  const admin = me?.role === 'admin';
  const query = useQuery(productsQuery(language, admin));
  const cart = useCart();
  const list = query.data;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap="xs" style={{ flex: '1 1 20rem' }}>
            <Title order={1}>{tc('routes.shop.title')}</Title>
            <Text c="gray.8">{t('intro')}</Text>
          </Stack>
          <Button
            component={Link}
            to={to('/shop/cart')}
            variant="default"
            leftSection={<IconShoppingCart size={18} aria-hidden />}
          >
            {t('cartCount', { count: cart.productIds.length })}
          </Button>
        </Group>
        {list && (
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {list.paymentMode === 'stripe' ? (
                <IconCreditCard size={18} aria-hidden style={{ flexShrink: 0 }} />
              ) : (
                <IconFileInvoice size={18} aria-hidden style={{ flexShrink: 0 }} />
              )}
              <Text size="sm" c="gray.8">
                {t(list.paymentMode === 'stripe' ? 'payment.stripe' : 'payment.invoice')}
              </Text>
            </Group>
            <TaxNote tax={list.tax} />
          </Stack>
        )}
        {query.isPending ? (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            role="status"
            aria-busy="true"
            aria-label={t('loading')}
          >
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={320} radius="lg" />
            ))}
          </SimpleGrid>
        ) : query.isError ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={20} aria-hidden />}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="red.9">
                {t('failed')}
              </Text>
              <Button
                size="compact-sm"
                variant="white"
                color="red.9"
                onClick={() => void query.refetch()}
              >
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : list && list.items.length === 0 ? (
          <Stack gap="sm" data-state="shop-empty">
            <Title order={2} size="h4">
              {t('empty.title')}
            </Title>
            <Text c="gray.8">{t('empty.text')}</Text>
            <Button component={Link} to={to('/jammy-itineraries')} variant="light" w="fit-content">
              {t('empty.action')}
            </Button>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {list?.items.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                inCart={cart.productIds.includes(product.id)}
                onAdd={() => void cart.add(product.id)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
