import { formatAmountInput } from '@jammy/shared/amount';
import { currencyExponent } from '@jammy/shared/fields-plain';
import type { PresetSummary } from '@jammy/shared/presets';
import type { Product } from '@jammy/shared/shop';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AmountInput,
  readAmount,
  type AmountFieldProblem,
} from '../../../components/form/amount-field';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { adminOrdersQuery, productsQuery, useCreateProduct, useUpdateProduct } from '../api/shop';
import { AdminOrder } from './admin-order';
import { useMoney } from './price';

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

function problemOf(error: unknown, fallback: string): string | null {
  if (!error) return null;
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

/**
 * What a price field says of its unit: the currency, as the buyer pays it (not in cents, as
 * the API keeps it), with an example ("19.00 is €19.00").
 */
function usePriceHint() {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const money = useMoney();
  return (currency: string) => {
    const minor = 19 * 10 ** currencyExponent(currency);
    return t('admin.priceHint', {
      currency,
      example: formatAmountInput(minor, currency, language),
      shown: money(minor, currency),
    });
  };
}

/** Adds a product: one premium itinerary or several (a bundle), its price and currency. */
function NewProductForm({ presets }: { presets: PresetSummary[] }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const priceHint = usePriceHint();
  const create = useCreateProduct();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [priceProblem, setPriceProblem] = useState<AmountFieldProblem | null>(null);
  const [currency, setCurrency] = useState('EUR');
  const [chosen, setChosen] = useState<string[]>([]);
  const [active, setActive] = useState(true);
  const [invalid, setInvalid] = useState<string | null>(null);
  const code = currency.trim().toUpperCase();
  // A code still being typed ("EU") shows no currency yet; the server checks the code.
  const shownCurrency = /^[A-Z]{3}$/.test(code) ? code : null;

  const submit = () => {
    const parsed = readAmount(price, code, language);
    setPriceProblem(parsed.ok ? null : parsed.problem);
    if (!title.trim()) return setInvalid(t('admin.errors.title'));
    if (!parsed.ok) return setInvalid(null);
    if (chosen.length === 0) return setInvalid(t('admin.errors.presets'));
    setInvalid(null);
    create.mutate(
      { title, description, priceMinor: parsed.minor, currency: code, presetIds: chosen, active },
      {
        onSuccess: () => {
          setTitle('');
          setDescription('');
          setPrice('');
          setChosen([]);
        },
      },
    );
  };

  const problem = invalid ?? problemOf(create.error, t('cart.errors.failed'));
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="new-product"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="new-product">
            {t('admin.newProduct')}
          </Title>
          {presets.length === 0 ? (
            <Text size="sm" c="gray.8">
              {t('admin.noPremium')}
            </Text>
          ) : null}
          <TextInput
            label={t('admin.title')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            required
            maxLength={120}
          />
          <Textarea
            label={t('admin.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={4000}
          />
          <MultiSelect
            label={t('admin.presets')}
            description={t('admin.presetsHint')}
            data={presets.map((preset) => ({ value: preset.id, label: preset.title }))}
            value={chosen}
            onChange={setChosen}
            searchable
            required
          />
          <Group grow align="flex-start">
            <AmountInput
              label={t('admin.price')}
              description={shownCurrency ? priceHint(shownCurrency) : undefined}
              currency={shownCurrency}
              value={price}
              problem={priceProblem}
              onChange={setPrice}
              required
            />
            <TextInput
              label={t('admin.currency')}
              description={t('admin.currencyHint')}
              value={currency}
              onChange={(event) => setCurrency(event.currentTarget.value)}
              maxLength={3}
              required
            />
          </Group>
          <Switch
            label={t('admin.active')}
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
          />
          {problem && (
            <Text size="sm" c="red.9" role="alert">
              {problem}
            </Text>
          )}
          <Button type="submit" loading={create.isPending} w="fit-content">
            {t('admin.create')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** A product as admins see it: on sale or not, and its price, changed in place. */
function ProductRow({ product }: { product: Product }) {
  const { t } = useTranslation('shop');
  const { to, language } = useLanguage();
  const money = useMoney();
  const priceHint = usePriceHint();
  const update = useUpdateProduct();
  const [price, setPrice] = useState(() =>
    formatAmountInput(product.priceMinor, product.currency, language),
  );
  const [priceProblem, setPriceProblem] = useState<AmountFieldProblem | null>(null);
  const parsed = readAmount(price, product.currency, language);
  const savePrice = () => {
    setPriceProblem(parsed.ok ? null : parsed.problem);
    if (parsed.ok) {
      update.mutate({ id: product.id, priceMinor: parsed.minor, version: product.version });
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="li" data-admin-product={product.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Link to={to(`/shop/${product.id}`)}>
            <Text fw={600} component="span">
              <bdi>{product.title}</bdi>
            </Text>
          </Link>
          <Text fw={600}>{money(product.priceMinor, product.currency)}</Text>
        </Group>
        <Text size="sm" c="gray.8">
          {product.presets.map((preset) => preset.title).join(' · ')}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <AmountInput
            label={t('admin.priceIn', { currency: product.currency })}
            description={priceHint(product.currency)}
            currency={product.currency}
            value={price}
            problem={priceProblem}
            onChange={setPrice}
            w={220}
          />
          <Button
            variant="default"
            disabled={parsed.ok && parsed.minor === product.priceMinor}
            loading={update.isPending && update.variables.priceMinor !== undefined}
            onClick={savePrice}
          >
            {t('admin.savePrice')}
          </Button>
          <Switch
            label={t('admin.active')}
            checked={product.active}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate({
                id: product.id,
                active: event.currentTarget.checked,
                version: product.version,
              })
            }
          />
        </Group>
        {update.error && (
          <Text size="sm" c="red.9" role="alert">
            {problemOf(update.error, t('cart.errors.failed'))}
          </Text>
        )}
      </Stack>
    </Paper>
  );
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
