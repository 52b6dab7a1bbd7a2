import { orderTotals, type Order, type Product } from '@jammy/shared/shop';
import {
  Alert,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLogin, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { useCart } from '../api/cart';
import { productsQuery, usePlaceOrder } from '../api/shop';
import { useMoney } from './price';
import classes from './shop.module.css';

function newToken(): string {
  return crypto.randomUUID();
}

/** What the buyer sees once the order exists: honest about how it gets paid. */
function OrderPlaced({ order }: { order: Order }) {
  const { t } = useTranslation('shop');
  const { to } = useLanguage();
  const money = useMoney();
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck size={20} aria-hidden />}
      title={t('cart.placedTitle')}
      data-state="order-placed"
      role="status"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {t('cart.placedInvoice', { total: money(order.totalMinor, order.currency) })}
        </Text>
        <Button
          component={Link}
          to={`${to('/account')}#orders`}
          variant="white"
          color="green.9"
          size="compact-md"
        >
          {t('cart.seeOrders')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** /shop/cart: the chosen products, the total with taxes, and the order (signed in). */
export function CartPage() {
  const { t } = useTranslation('shop');
  const { t: tc } = useTranslation();
  const { language, to } = useLanguage();
  const cart = useCart();
  const products = useQuery(productsQuery(language));
  const place = usePlaceOrder();
  const money = useMoney();
  // One token for this cart: a double click or a retry answers the same order.
  const [token, setToken] = useState(newToken);
  const [placed, setPlaced] = useState<Order | null>(null);
  const [removeError, setRemoveError] = useState(false);

  const byId = new Map((products.data?.items ?? []).map((product) => [product.id, product]));
  const items = cart.productIds
    .map((id) => byId.get(id))
    .filter((product): product is Product => product !== undefined);
  const currency = items[0]?.currency ?? 'EUR';
  const tax = products.data?.tax ?? { rateBasisPoints: 0, inclusive: true };
  const totals = orderTotals(
    items.reduce((sum, product) => sum + product.priceMinor, 0),
    tax,
  );
  const mixed = items.some((product) => product.currency !== currency);
  const here = to('/shop/cart');
  const signIn = `${to('/login/start')}?redirect=${encodeURIComponent(here)}`;

  const submit = () => {
    place.mutate(
      { productIds: items.map((product) => product.id), token },
      {
        onSuccess: (order) => {
          if (order.checkoutUrl) {
            // Paying happens on Stripe's page; it sends the buyer back to their orders.
            window.location.assign(order.checkoutUrl);
            return;
          }
          setPlaced(order);
          setToken(newToken());
        },
      },
    );
  };

  const orderProblem =
    place.error instanceof ApiError && place.error.status === 400
      ? t('cart.errors.invalid')
      : place.error
        ? t('cart.errors.failed')
        : null;

  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Title order={1}>{tc('routes.shop-cart.title')}</Title>
        {placed && <OrderPlaced order={placed} />}
        {!cart.ready || products.isPending ? (
          <Skeleton
            height={160}
            radius="lg"
            role="status"
            aria-busy="true"
            aria-label={t('loading')}
          />
        ) : items.length === 0 ? (
          placed ? null : (
            <Stack gap="sm" data-state="cart-empty">
              <Text c="gray.8">{t('cart.empty')}</Text>
              <Button component={Link} to={to('/shop')} variant="light" w="fit-content">
                {t('backToShop')}
              </Button>
            </Stack>
          )
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Stack
                gap="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t('cart.itemsLabel')}
              >
                {items.map((product) => (
                  <li key={product.id} className={classes.line} data-cart-item={product.id}>
                    <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                      <Link to={to(`/shop/${product.id}`)} className={classes.cardLink}>
                        <Text fw={600}>
                          <bdi>{product.title}</bdi>
                        </Text>
                      </Link>
                      <Text size="sm" c="gray.8">
                        {t(`kind.${product.kind}`)}
                      </Text>
                    </Stack>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600}>{money(product.priceMinor, product.currency)}</Text>
                      <Button
                        variant="subtle"
                        color="red.9"
                        size="compact-sm"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        aria-label={t('cart.removeNamed', { title: product.title })}
                        onClick={() => {
                          setRemoveError(false);
                          cart.remove(product.id).catch(() => setRemoveError(true));
                        }}
                      >
                        {t('cart.remove')}
                      </Button>
                    </Group>
                  </li>
                ))}
              </Stack>
              {removeError && (
                <Text size="sm" c="red.9" role="alert">
                  {t('cart.errors.failed')}
                </Text>
              )}
              <Divider />
              <Stack gap={4}>
                {!tax.inclusive && tax.rateBasisPoints > 0 && (
                  <div className={classes.line}>
                    <Text size="sm">{t('cart.subtotal')}</Text>
                    <Text size="sm">{money(totals.subtotalMinor, currency)}</Text>
                  </div>
                )}
                {tax.rateBasisPoints > 0 && (
                  <div className={classes.line}>
                    <Text size="sm">{t(tax.inclusive ? 'cart.taxIncluded' : 'cart.tax')}</Text>
                    <Text size="sm">{money(totals.taxMinor, currency)}</Text>
                  </div>
                )}
                <div className={classes.line}>
                  <Text fw={700}>{t('cart.total')}</Text>
                  <Text fw={700} data-total>
                    {money(totals.totalMinor, currency)}
                  </Text>
                </div>
              </Stack>
              {mixed && (
                <Text size="sm" c="red.9" role="alert">
                  {t('cart.mixedCurrencies')}
                </Text>
              )}
              {cart.signedIn ? (
                <Stack gap="xs">
                  <Text size="sm" c="gray.8">
                    {t(
                      products.data?.paymentMode === 'stripe'
                        ? 'payment.stripe'
                        : 'payment.invoice',
                    )}
                  </Text>
                  <Button size="md" onClick={submit} loading={place.isPending} disabled={mixed}>
                    {t(
                      products.data?.paymentMode === 'stripe' ? 'cart.pay' : 'cart.requestInvoice',
                    )}
                  </Button>
                  {orderProblem && (
                    <Alert
                      color="red"
                      variant="light"
                      role="alert"
                      icon={<IconAlertTriangle size={20} aria-hidden />}
                    >
                      <Text size="sm" c="red.9">
                        {orderProblem}
                      </Text>
                    </Alert>
                  )}
                </Stack>
              ) : (
                <Stack gap="xs">
                  <Text size="sm" c="gray.8">
                    {t('cart.signInText')}
                  </Text>
                  <Button
                    component={Link}
                    to={signIn}
                    size="md"
                    leftSection={<IconLogin size={18} aria-hidden />}
                  >
                    {t('cart.signIn')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
