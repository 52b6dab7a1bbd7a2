import {
  BUDGET_CATEGORIES,
  BUDGET_LIMITS,
  type BudgetCategory,
  type CreateExpense,
  type Expense,
  type SplitMode,
} from '@jammy/shared/budget';
import { formatAmountInput } from '@jammy/shared/amount';
import { formatNumberField, type NumberProblem } from '@jammy/shared/typed-number';
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
import {
  AmountInput,
  readAmount,
  type AmountFieldProblem,
} from '../../../components/form/amount-field';
import { NumberField } from '../../../components/form/number-field';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatMinorUnits } from '../../../lib/format';
import { currencyOptions } from '../../../components/form/currencies';
import { useSaveExpense } from '../api/budget';
import { defaultExpenseDate, localDay } from '../lib/expense-date';
import { SHARES, splitOf, type SplitDraft } from '../lib/expense-split';

export interface Person {
  userId: string;
  name: string;
}

interface Draft extends SplitDraft {
  title: string;
  /** As typed in the UI language ("120,00"). */
  amount: string;
  rate: string;
  date: string;
  category: BudgetCategory;
  stageId: string;
  paidBy: string;
}

/**
 * Translation keys (namespace `budget`); an amount's own problems are the amount field's, a
 * number's the number field's.
 */
type Errors = Partial<Record<'title' | 'rate' | 'date' | 'split' | 'paidBy', string>> & {
  amount?: string | { problem: AmountFieldProblem };
  /** Split by shares: the problem of each person's shares. */
  shares?: Record<string, NumberProblem>;
  /** Exact split: the problem of each person's amount. */
  amounts?: Record<string, AmountFieldProblem>;
};

/** The trip's dates, which the date of a new expense starts within. */
export interface TripDates {
  startDate: string | null;
  endDate: string | null;
}

function draftOf(
  expense: Expense | null,
  people: Person[],
  tripCurrency: string,
  me: string,
  trip: TripDates,
  language: string,
): Draft {
  const everyone = Object.fromEntries(people.map((person) => [person.userId, true]));
  const ones = Object.fromEntries(people.map((person) => [person.userId, '1']));
  const empty = Object.fromEntries(people.map((person) => [person.userId, '']));
  if (!expense) {
    return {
      title: '',
      amount: '',
      currency: tripCurrency,
      rate: '',
      date: defaultExpenseDate(trip, localDay(new Date())),
      category: 'food',
      stageId: '',
      paidBy: people.some((person) => person.userId === me) ? me : (people[0]?.userId ?? ''),
      mode: 'equal',
      included: everyone,
      shares: ones,
      amounts: empty,
    };
  }
  const { split } = expense;
  return {
    title: expense.title,
    amount: formatAmountInput(expense.amountMinor, expense.currency, language),
    currency: expense.currency,
    rate: expense.rateSource === 'entered' ? (expense.rate ?? '') : '',
    date: expense.date,
    category: expense.category,
    stageId: expense.stageId ?? '',
    paidBy: expense.paidBy,
    mode: split.mode,
    included:
      split.mode === 'equal'
        ? Object.fromEntries(people.map((p) => [p.userId, split.userIds.includes(p.userId)]))
        : everyone,
    shares:
      split.mode === 'shares'
        ? {
            ...Object.fromEntries(people.map((p) => [p.userId, '0'])),
            ...Object.fromEntries(
              split.shares.map((part) => [
                part.userId,
                formatNumberField(part.shares, language, SHARES.decimals),
              ]),
            ),
          }
        : ones,
    amounts:
      split.mode === 'exact'
        ? {
            ...empty,
            ...Object.fromEntries(
              split.amounts.map((part) => [
                part.userId,
                formatAmountInput(part.amountMinor, expense.currency, language),
              ]),
            ),
          }
        : empty,
  };
}

/** The server's field errors of a 400, as this form's fields. */
function serverErrors(error: unknown): Errors | null {
  if (!(error instanceof ApiError) || error.code !== 'request/invalid') return null;
  const issues = (error.details as { issues?: { field: string }[] } | undefined)?.issues ?? [];
  const errors: Errors = {};
  for (const { field } of issues) {
    if (field === 'title') errors.title = 'errors.invalid';
    else if (field === 'amountMinor') errors.amount = 'errors.amount';
    else if (field === 'rate') errors.rate = 'errors.rate';
    else if (field === 'date') errors.date = 'errors.date';
    else if (field === 'paidBy') errors.paidBy = 'errors.paidBy';
    else if (field.startsWith('split')) errors.split = 'errors.exactSum';
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

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
