import {
  BUDGET_CATEGORIES,
  BUDGET_LIMITS,
  type BudgetCategory,
  type CreateExpense,
  type Expense,
  type SplitMode,
} from '@jammy/shared/budget';
import type { Stage } from '@jammy/shared/itineraries';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, readAmount } from '../../../components/form/amount-field';
import { NumberField } from '../../../components/form/number-field';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import { currencyOptions } from '../../../components/form/currencies';
import { useSaveExpense } from '../api/budget';
import { SHARES, splitOf } from '../lib/expense-split';
import {
  draftOf,
  serverErrors,
  type Draft,
  type Errors,
  type Person,
  type TripDates,
} from '../lib/expense-draft';

/**
 * Adds or changes an expense: the amount typed in the currency's major unit, its currency
 * (with the rate when it is not the trip's), who paid and how it is split.
 */
export function ExpenseForm({
  itineraryId,
  tripCurrency,
  trip,
  people,
  stages,
  me,
  expense,
  onDone,
}: {
  itineraryId: string;
  tripCurrency: string;
  trip: TripDates;
  people: Person[];
  stages: Stage[];
  me: string;
  expense: Expense | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('budget');
  // Someone whose account is deleted has no name left: a former member.
  const nameOf = (person: Person) => person.name || t('settle.someone');
  const { language } = useLanguage();
  const save = useSaveExpense(itineraryId);
  const [draft, setDraft] = useState(() =>
    draftOf(expense, people, tripCurrency, me, trip, language),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);
  const currencies = useMemo(() => currencyOptions(language), [language]);
  const sideBySide = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const foreign = draft.currency !== tripCurrency;
  const amount = readAmount(draft.amount, draft.currency, language);
  const amountMinor = amount.ok ? amount.minor : null;

  // What the exact amounts leave of the expense, counting those that read as amounts.
  const exactLeft = (() => {
    if (draft.mode !== 'exact' || amountMinor === null) return null;
    let sum = 0;
    for (const value of Object.values(draft.amounts)) {
      const part = readAmount(value, draft.currency, language);
      if (part.ok) sum += part.minor;
    }
    return amountMinor - sum;
  })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    if (!draft.title.trim()) problems.title = 'errors.title';
    if (!amount.ok) problems.amount = { problem: amount.problem };
    if (!draft.date) problems.date = 'errors.date';
    if (foreign && draft.rate.trim() && !/^\d+(\.\d+)?$/.test(draft.rate.trim())) {
      problems.rate = 'errors.rate';
    }
    const split = amountMinor === null ? null : splitOf(draft, people, amountMinor, language);
    if (split && 'error' in split) problems.split = split.error;
    if (split && 'shares' in split) problems.shares = split.shares;
    if (split && 'amounts' in split) problems.amounts = split.amounts;
    setErrors(problems);
    setFailed(false);
    if (Object.keys(problems).length > 0 || amountMinor === null || !split || !('split' in split)) {
      return;
    }
    const body: CreateExpense = {
      title: draft.title.trim(),
      amountMinor,
      currency: draft.currency,
      date: draft.date,
      category: draft.category,
      stageId: draft.stageId || null,
      paidBy: draft.paidBy,
      split: split.split,
      ...(foreign && draft.rate.trim() ? { rate: draft.rate.trim() } : {}),
    };
    save.mutate(
      expense ? { expenseId: expense.id, body: { ...body, version: expense.version } } : { body },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fields = serverErrors(error);
          if (fields) setErrors(fields);
          else setFailed(true);
        },
      },
    );
  };

  const message = (key: 'title' | 'rate' | 'date' | 'split' | 'paidBy') =>
    errors[key] ? t(errors[key]) : undefined;

  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={3} size="h4">
          {expense ? t('form.editTitle') : t('form.addTitle')}
        </Title>
        <TextInput
          label={t('form.title')}
          required
          maxLength={BUDGET_LIMITS.title}
          value={draft.title}
          error={message('title')}
          onChange={(event) => set('title', event.currentTarget.value)}
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="sm">
          <AmountInput
            label={t('form.amount')}
            required
            currency={draft.currency}
            value={draft.amount}
            problem={typeof errors.amount === 'object' ? errors.amount.problem : null}
            error={typeof errors.amount === 'string' ? t(errors.amount) : null}
            onChange={(value) => set('amount', value)}
          />
          <Select
            label={t('form.currency')}
            data={currencies}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('form.currencyNone')}
            value={draft.currency}
            onChange={(value) => set('currency', value ?? tripCurrency)}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {foreign && (
          <TextInput
            label={t('form.rate', { from: draft.currency, to: tripCurrency })}
            description={t('form.rateHint')}
            inputMode="decimal"
            dir="ltr"
            value={draft.rate}
            error={message('rate')}
            onChange={(event) => set('rate', event.currentTarget.value)}
          />
        )}
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={t('form.date')}
            type="date"
            lang={language}
            required
            value={draft.date}
            error={message('date')}
            onChange={(event) => set('date', event.currentTarget.value)}
          />
          <NativeSelect
            label={t('form.category')}
            value={draft.category}
            onChange={(event) => set('category', event.currentTarget.value as BudgetCategory)}
            data={BUDGET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label={t('form.paidBy')}
            value={draft.paidBy}
            error={message('paidBy')}
            onChange={(event) => set('paidBy', event.currentTarget.value)}
            data={people.map((person) => ({ value: person.userId, label: nameOf(person) }))}
          />
          {stages.length > 0 && (
            <NativeSelect
              label={t('form.stage')}
              value={draft.stageId}
              onChange={(event) => set('stageId', event.currentTarget.value)}
              data={[
                { value: '', label: t('form.noStage') },
                ...stages.map((stage) => ({ value: stage.id, label: stage.title })),
              ]}
            />
          )}
        </SimpleGrid>
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={6}>
            {t('form.split')}
          </Text>
          <SegmentedControl
            fullWidth
            // Side by side the three ways cut their names short on a phone: stacked there.
            orientation={sideBySide ? 'horizontal' : 'vertical'}
            value={draft.mode}
            onChange={(value) => set('mode', value as SplitMode)}
            data={[
              { value: 'equal', label: t('form.equal') },
              { value: 'shares', label: t('form.shares') },
              { value: 'exact', label: t('form.exact') },
            ]}
          />
          <Stack gap={6} mt="sm">
            {people.map((person) => (
              <Group key={person.userId} justify="space-between" wrap="nowrap" gap="sm">
                {draft.mode === 'equal' ? (
                  <Checkbox
                    label={nameOf(person)}
                    checked={draft.included[person.userId] ?? false}
                    onChange={(event) =>
                      set('included', {
                        ...draft.included,
                        [person.userId]: event.currentTarget.checked,
                      })
                    }
                  />
                ) : (
                  <>
                    <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {nameOf(person)}
                    </Text>
                    {draft.mode === 'shares' ? (
                      <NumberField
                        w={120}
                        label={t('form.sharesOf', { name: nameOf(person) })}
                        aria-label={t('form.sharesOf', { name: nameOf(person) })}
                        format={SHARES}
                        example={2}
                        value={draft.shares[person.userId] ?? ''}
                        problem={errors.shares?.[person.userId] ?? null}
                        onChange={(value) =>
                          set('shares', { ...draft.shares, [person.userId]: value })
                        }
                      />
                    ) : (
                      <AmountInput
                        w={150}
                        label={t('form.amountOf', { name: nameOf(person) })}
                        aria-label={t('form.amountOf', { name: nameOf(person) })}
                        currency={draft.currency}
                        value={draft.amounts[person.userId] ?? ''}
                        problem={errors.amounts?.[person.userId] ?? null}
                        onChange={(value) =>
                          set('amounts', { ...draft.amounts, [person.userId]: value })
                        }
                      />
                    )}
                  </>
                )}
              </Group>
            ))}
          </Stack>
          {exactLeft !== null && (
            <Text size="sm" mt={6} c={exactLeft === 0 ? 'teal.9' : 'gray.8'} aria-live="polite">
              {t('form.exactLeft', {
                amount: formatMinorUnits(exactLeft, draft.currency, language),
              })}
            </Text>
          )}
          {errors.split && (
            <Text size="sm" c="red.8" mt={6} role="alert">
              {t(errors.split)}
            </Text>
          )}
        </fieldset>
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {t('errors.failed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {expense ? t('form.save') : t('form.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
