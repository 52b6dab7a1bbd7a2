import { formatAmountInput } from '@jammy/shared/amount';
import { currencyExponent } from '@jammy/shared/fields-plain';
import type { PresetSummary } from '@jammy/shared/presets';
import { createProductSchema, updateProductSchema, type Product } from '@jammy/shared/shop';
import {
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { AmountInput, readAmount, useAmountMessage } from '../../../components/form/amount-field';
import { CurrencySelect } from '../../../components/form/currency-select';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { useCreateProduct, useUpdateProduct } from '../api/shop';
import { useMoney } from './price';

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

/** A price typed in the page's language: what it reads as, or the message of its field. */
function useTypedPrice() {
  const { language } = useLanguage();
  const message = useAmountMessage();
  return {
    /** Minor units, or undefined when the text does not read (`problems` says why). */
    minor: (text: string, currency: string) => {
      const read = readAmount(text, currency, language);
      return read.ok ? read.minor : undefined;
    },
    problems: (text: string, currency: string, field: string) => {
      const read = readAmount(text, currency, language);
      return read.ok ? {} : { price: message(read.problem, field, currency, text) };
    },
  };
}

const NEW_PRODUCT = {
  title: '',
  description: '',
  price: '',
  currency: 'EUR',
  presetIds: [] as string[],
  active: true,
};

/** Adds a product: one premium itinerary or several (a bundle), its price and currency. */
export function NewProductForm({ presets }: { presets: PresetSummary[] }) {
  const { t } = useTranslation('shop');
  const priceHint = usePriceHint();
  const price = useTypedPrice();
  const create = useCreateProduct();
  const form = useForm({
    ns: 'shop',
    messages: {
      title: { required: 'admin.errors.title' },
      presetIds: { tooShort: 'admin.errors.presets' },
    },
    initialValues: NEW_PRODUCT,
    unreadable: (values) => price.problems(values.price, values.currency, t('admin.price')),
    schema: createProductSchema,
    toBody: ({ price: text, ...values }) => ({
      ...values,
      priceMinor: price.minor(text, values.currency),
    }),
    submit: async (body) => {
      await create.mutateAsync(body);
      // The next product is likely sold the same way: the currency and "on sale" stay.
      form.setValues((current) => ({
        ...current,
        title: '',
        description: '',
        price: '',
        presetIds: [],
      }));
    },
  });
  const currency = form.values.currency;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="new-product"
    >
      <form {...form.formProps}>
        <Stack gap="sm">
          <Title order={3} size="h4" id="new-product">
            {t('admin.newProduct')}
          </Title>
          {presets.length === 0 ? (
            <Text size="sm" c="gray.8">
              {t('admin.noPremium')}
            </Text>
          ) : null}
          <TextInput {...form.field('title')} label={t('admin.title')} required maxLength={120} />
          <Textarea
            {...form.field('description')}
            label={t('admin.description')}
            autosize
            minRows={2}
            maxLength={4000}
          />
          <MultiSelect
            {...form.field('presetIds')}
            label={t('admin.presets')}
            description={t('admin.presetsHint')}
            data={presets.map((preset) => ({ value: preset.id, label: preset.title }))}
            searchable
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AmountInput
              {...form.field('price')}
              label={t('admin.price')}
              description={priceHint(currency)}
              currency={currency}
              required
            />
            <CurrencySelect
              {...form.field('currency')}
              label={t('admin.currency')}
              description={t('admin.currencyHint')}
              clearable={false}
              required
            />
          </SimpleGrid>
          <Switch
            label={t('admin.active')}
            checked={form.values.active}
            onChange={(event) => form.setValue('active', event.currentTarget.checked)}
          />
          {form.failure !== null && <ProblemAlert error={form.failure} />}
          <SubmitBar
            label={t('admin.create')}
            submitting={form.submitting}
            size="sm"
            align="start"
          />
        </Stack>
      </form>
    </Paper>
  );
}

/** A product as admins see it: on sale or not, and its price, changed in place. */
export function ProductRow({ product }: { product: Product }) {
  const { t } = useTranslation('shop');
  const { to, language } = useLanguage();
  const money = useMoney();
  const priceHint = usePriceHint();
  const price = useTypedPrice();
  const update = useUpdateProduct();
  const toggle = useUpdateProduct();
  const label = t('admin.priceIn', { currency: product.currency });
  const form = useForm({
    ns: 'shop',
    initialValues: { price: formatAmountInput(product.priceMinor, product.currency, language) },
    unreadable: (values) => price.problems(values.price, product.currency, label),
    schema: updateProductSchema,
    toBody: (values) => ({
      priceMinor: price.minor(values.price, product.currency),
      version: product.version,
    }),
    submit: (body) => update.mutateAsync({ id: product.id, ...body }),
  });
  const unchanged = price.minor(form.values.price, product.currency) === product.priceMinor;

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
        <form {...form.formProps}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <AmountInput
              {...form.field('price')}
              label={label}
              description={priceHint(product.currency)}
              currency={product.currency}
              w={220}
            />
            <SubmitBar
              label={t('admin.savePrice')}
              submitting={form.submitting}
              disabled={unchanged}
              size="sm"
              stretch
            />
            <Switch
              label={t('admin.active')}
              checked={product.active}
              disabled={toggle.isPending || form.submitting}
              onChange={(event) =>
                toggle.mutate({
                  id: product.id,
                  active: event.currentTarget.checked,
                  version: product.version,
                })
              }
            />
          </Group>
        </form>
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        {toggle.error && <ProblemAlert error={toggle.error} />}
      </Stack>
    </Paper>
  );
}
