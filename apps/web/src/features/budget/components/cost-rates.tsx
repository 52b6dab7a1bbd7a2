import {
  createBudgetRateSchema,
  updateBudgetRateSchema,
  type BudgetRate,
  type CreateBudgetRate,
  type UpdateBudgetRate,
} from '@jammy/shared/budget';
import { ActionIcon, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ZodType } from 'zod';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange } from '../../../lib/format';
import { numberFormat } from '../../../lib/intl';
import { useDeleteBudgetRate, useSaveBudgetRate } from '../api/budget';

/** A rate typed with a decimal comma ("0,0061") as the API writes rates ("0.0061"). */
export function rateOf(text: string): string {
  const typed = text.trim();
  return /^\d+,\d+$/.test(typed) ? typed.replace(',', '.') : typed;
}

/** "1 JPY = 0.0061 EUR", the rate written with the language's decimal mark. */
function useRateLine() {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  return (rate: BudgetRate) =>
    t('rates.line', {
      from: rate.currency,
      to: rate.rateCurrency,
      // The rate is an exact decimal string: Intl formats it digit for digit.
      rate: numberFormat(language, { maximumFractionDigits: 12 }).format(rate.rate as `${number}`),
    });
}

/**
 * Gives the rate of `currency` for the trip's bookings and places in it, where they are left
 * out of the totals (or changes the rate there is, `current`). Empty: today's rate, where the
 * server can look it up.
 */
export function CostRateForm({
  itineraryId,
  currency,
  tripCurrency,
  current,
  onDone,
}: {
  itineraryId: string;
  currency: string;
  tripCurrency: string;
  current?: BudgetRate;
  onDone?: () => void;
}) {
  const { t } = useTranslation('budget');
  const save = useSaveBudgetRate(itineraryId);
  const schema: ZodType<CreateBudgetRate | UpdateBudgetRate> = current
    ? updateBudgetRateSchema
    : createBudgetRateSchema;
  const form = useForm({
    ns: 'budget',
    // The rate is all this form has: whatever the server refuses (the currency that has a rate
    // already, a rate it cannot look up) is said there.
    messages: { rate: { required: 'errors.rate', invalid: 'errors.rate' } },
    fieldsOfBody: { currency: 'rate' },
    initialValues: { rate: current?.rateCurrency === tripCurrency ? current.rate : '' },
    schema,
    toBody: (values) => {
      const rate = rateOf(values.rate);
      const given = rate ? { rate } : {};
      return current ? { ...given, version: current.version } : { currency, ...given };
    },
    submit: async (body) => {
      await save.mutateAsync(current ? { rateId: current.id, body } : { body });
      onDone?.();
    },
  });

  return (
    <form
      {...form.formProps}
      aria-label={t('rates.formTitle', { currency })}
      style={{ marginTop: 'var(--mantine-spacing-xs)' }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          {...form.field('rate')}
          label={t('form.rate', { from: currency, to: tripCurrency })}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          placeholder="0.0061"
          style={{ flex: '1 1 12rem' }}
        />
        <SubmitBar
          label={t('rates.use')}
          submitting={form.submitting}
          size="sm"
          variant="default"
        />
      </Group>
      <Text size="xs" c="gray.8" mt={4}>
        {t('rates.hint', { currency })}
      </Text>
      {form.failure !== null && <ProblemAlert error={form.failure} />}
    </form>
  );
}

/** The rates the trip's costs in other currencies count at: each to change or remove. */
export function CostRates({
  itineraryId,
  rates,
  tripCurrency,
  canEdit,
}: {
  itineraryId: string;
  rates: BudgetRate[];
  tripCurrency: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const line = useRateLine();
  const remove = useDeleteBudgetRate(itineraryId);
  const [editing, setEditing] = useState<string | null>(null);
  // A rate into a former trip currency converts nothing: the notice above asks for it again.
  const used = rates.filter((rate) => rate.rateCurrency === tripCurrency);
  if (used.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="rates-title">
      <Title order={2} size="h4" id="rates-title" mb="xs">
        {t('rates.title')}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {used.map((rate) =>
          editing === rate.id ? (
            <li key={rate.id}>
              <CostRateForm
                itineraryId={itineraryId}
                currency={rate.currency}
                tripCurrency={tripCurrency}
                current={rate}
                onDone={() => setEditing(null)}
              />
            </li>
          ) : (
            <Group component="li" key={rate.id} justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text size="sm" fw={600} dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                  {line(rate)}
                </Text>
                <Text size="xs" c="gray.8">
                  {t(rate.rateSource === 'fetched' ? 'rates.fetched' : 'rates.entered', {
                    date: formatDateRange(rate.rateDate, null, language),
                  })}
                </Text>
              </div>
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="ink"
                    size="lg"
                    aria-label={t('rates.change', { currency: rate.currency })}
                    onClick={() => setEditing(rate.id)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    size="lg"
                    aria-label={t('rates.remove', { currency: rate.currency })}
                    loading={remove.isPending && remove.variables.id === rate.id}
                    onClick={() => remove.mutate({ id: rate.id, version: rate.version })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ),
        )}
      </Stack>
    </Paper>
  );
}
