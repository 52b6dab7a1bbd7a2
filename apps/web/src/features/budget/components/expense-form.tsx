import {
  BUDGET_CATEGORIES,
  BUDGET_LIMITS,
  type BudgetCategory,
  type CreateExpense,
  type Expense,
  type Split,
  type SplitMode,
} from '@jammy/shared/budget';
import { currencyExponent, fromMinorUnits, toMinorUnits } from '@jammy/shared/fields';
import type { Stage } from '@jammy/shared/itineraries';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatMinorUnits } from '../../../lib/format';
import { currencyOptions } from '../../stages/lib/currencies';
import { useSaveExpense } from '../api/budget';

export interface Person {
  userId: string;
  name: string;
}

interface Draft {
  title: string;
  amount: number | '';
  currency: string;
  rate: string;
  date: string;
  category: BudgetCategory;
  stageId: string;
  paidBy: string;
  mode: SplitMode;
  /** Equal: who shares it. */
  included: Record<string, boolean>;
  /** Shares: whole shares per person. */
  shares: Record<string, number | ''>;
  /** Exact: amounts per person, in major units. */
  amounts: Record<string, number | ''>;
}

type Errors = Partial<Record<'title' | 'amount' | 'rate' | 'date' | 'split' | 'paidBy', string>>;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function draftOf(
  expense: Expense | null,
  people: Person[],
  tripCurrency: string,
  me: string,
): Draft {
  const everyone = Object.fromEntries(people.map((person) => [person.userId, true]));
  const ones = Object.fromEntries(people.map((person) => [person.userId, 1 as number | '']));
  const empty = Object.fromEntries(people.map((person) => [person.userId, '' as number | '']));
  if (!expense) {
    return {
      title: '',
      amount: '',
      currency: tripCurrency,
      rate: '',
      date: today(),
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
    amount: fromMinorUnits(expense.amountMinor, expense.currency),
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
            ...Object.fromEntries(people.map((p) => [p.userId, 0 as number | ''])),
            ...Object.fromEntries(split.shares.map((part) => [part.userId, part.shares])),
          }
        : ones,
    amounts:
      split.mode === 'exact'
        ? {
            ...empty,
            ...Object.fromEntries(
              split.amounts.map((part) => [
                part.userId,
                fromMinorUnits(part.amountMinor, expense.currency),
              ]),
            ),
          }
        : empty,
  };
}

/** The split the draft describes, or the key of what is wrong with it. */
function splitOf(draft: Draft, people: Person[], amountMinor: number): Split | string {
  if (draft.mode === 'equal') {
    const userIds = people.filter((p) => draft.included[p.userId]).map((p) => p.userId);
    return userIds.length > 0 ? { mode: 'equal', userIds } : 'errors.nobody';
  }
  if (draft.mode === 'shares') {
    const shares = people
      .map((p) => ({ userId: p.userId, shares: draft.shares[p.userId] }))
      .filter(
        (part): part is { userId: string; shares: number } =>
          typeof part.shares === 'number' && part.shares > 0,
      );
    return shares.length > 0 ? { mode: 'shares', shares } : 'errors.nobody';
  }
  const amounts: { userId: string; amountMinor: number }[] = [];
  for (const person of people) {
    const value = draft.amounts[person.userId];
    if (value === '' || value === undefined || value === 0) continue;
    const minor = toMinorUnits(value, draft.currency);
    if (minor === null || minor < 0) return 'errors.amount';
    amounts.push({ userId: person.userId, amountMinor: minor });
  }
  if (amounts.length === 0) return 'errors.nobody';
  const sum = amounts.reduce((total, part) => total + part.amountMinor, 0);
  return sum === amountMinor ? { mode: 'exact', amounts } : 'errors.exactSum';
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
  people,
  stages,
  me,
  expense,
  onDone,
}: {
  itineraryId: string;
  tripCurrency: string;
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
  const [draft, setDraft] = useState(() => draftOf(expense, people, tripCurrency, me));
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);
  const currencies = useMemo(() => currencyOptions(language), [language]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const decimals = currencyExponent(draft.currency);
  const foreign = draft.currency !== tripCurrency;
  const amountMinor =
    typeof draft.amount === 'number' ? toMinorUnits(draft.amount, draft.currency) : null;

  const exactLeft = (() => {
    if (draft.mode !== 'exact' || amountMinor === null) return null;
    let sum = 0;
    for (const value of Object.values(draft.amounts)) {
      const minor = typeof value === 'number' ? toMinorUnits(value, draft.currency) : 0;
      sum += minor ?? 0;
    }
    return amountMinor - sum;
  })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    if (!draft.title.trim()) problems.title = 'errors.title';
    if (amountMinor === null || amountMinor < 0) problems.amount = 'errors.amount';
    if (!draft.date) problems.date = 'errors.date';
    if (foreign && draft.rate.trim() && !/^\d+(\.\d+)?$/.test(draft.rate.trim())) {
      problems.rate = 'errors.rate';
    }
    const split = amountMinor === null ? 'errors.amount' : splitOf(draft, people, amountMinor);
    if (typeof split === 'string') problems.split = split;
    setErrors(problems);
    setFailed(false);
    if (Object.keys(problems).length > 0 || typeof split === 'string' || amountMinor === null) {
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
      split,
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

  const message = (key: keyof Errors) => (errors[key] ? t(errors[key]) : undefined);

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
          <NumberInput
            label={t('form.amount')}
            required
            min={0}
            decimalScale={decimals}
            hideControls
            inputMode="decimal"
            value={draft.amount}
            error={message('amount')}
            onChange={(value) => set('amount', typeof value === 'number' ? value : '')}
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
                    <NumberInput
                      w={120}
                      min={0}
                      hideControls
                      inputMode={draft.mode === 'shares' ? 'numeric' : 'decimal'}
                      aria-label={t(draft.mode === 'shares' ? 'form.sharesOf' : 'form.amountOf', {
                        name: nameOf(person),
                      })}
                      decimalScale={draft.mode === 'shares' ? 0 : decimals}
                      max={draft.mode === 'shares' ? BUDGET_LIMITS.shares : undefined}
                      value={
                        draft.mode === 'shares'
                          ? (draft.shares[person.userId] ?? '')
                          : (draft.amounts[person.userId] ?? '')
                      }
                      onChange={(value) => {
                        const next = typeof value === 'number' ? value : '';
                        if (draft.mode === 'shares') {
                          set('shares', { ...draft.shares, [person.userId]: next });
                        } else {
                          set('amounts', { ...draft.amounts, [person.userId]: next });
                        }
                      }}
                    />
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
