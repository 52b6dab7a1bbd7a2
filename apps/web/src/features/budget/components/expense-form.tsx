import {
  BUDGET_CATEGORIES,
  BUDGET_LIMITS,
  createExpenseSchema,
  type Expense,
} from '@jammy/shared/budget';
import type { Stage } from '@jammy/shared/itineraries';
import { NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { AmountInput, useAmountMessage } from '../../../components/form/amount-field';
import { CurrencySelect } from '../../../components/form/currency-select';
import { DateField } from '../../../components/form/date-field';
import { useNumberMessage } from '../../../components/form/number-field';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { useSaveExpense } from '../api/budget';
import {
  EXPENSE_FIELDS_OF_BODY,
  EXPENSE_MESSAGES,
  bodyOf,
  draftOf,
  typedProblems,
  type Draft,
  type Person,
  type TripDates,
} from '../lib/expense-draft';
import { SHARES } from '../lib/expense-split';
import { ExpenseConflict } from './expense-conflict';
import { ExpenseSplitFields } from './expense-split-fields';
import { StageSelect } from './stage-select';
import { usePersonName } from './use-person-name';

/**
 * The messages of the amount and of each person's part that do not read, naming the field (the
 * kit's words), and of a split that names nobody or does not add up.
 */
function useTypedMessages(people: Person[]) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const nameOf = usePersonName();
  const amountMessage = useAmountMessage();
  const numberMessage = useNumberMessage();
  return (draft: Draft) => {
    const problems = typedProblems(draft, people, language);
    const named = (id: string) => {
      const person = people.find((each) => each.userId === id);
      return person ? nameOf(person) : '';
    };
    return {
      ...(problems.amount && {
        amount: amountMessage(problems.amount, t('form.amount'), draft.currency, draft.amount),
      }),
      ...(problems.split && { mode: t(problems.split) }),
      ...Object.fromEntries(
        Object.entries(problems.shares ?? {}).map(([id, problem]) => [
          `shares.${id}`,
          numberMessage(problem, t('form.sharesOf', { name: named(id) }), SHARES, 2),
        ]),
      ),
      ...Object.fromEntries(
        Object.entries(problems.amounts ?? {}).map(([id, problem]) => [
          `amounts.${id}`,
          amountMessage(
            problem,
            t('form.amountOf', { name: named(id) }),
            draft.currency,
            draft.amounts[id] ?? '',
          ),
        ]),
      ),
    };
  };
}

/**
 * Adds or changes an expense: the amount typed in the currency's major unit, its currency
 * (with the rate when it is not the trip's), who paid and how it is split. A change is saved at
 * the version the form was filled from; when someone saved the expense meanwhile (409), theirs
 * is shown beside mine.
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
  const nameOf = usePersonName();
  const { language } = useLanguage();
  const save = useSaveExpense(itineraryId);
  const fill = (from: Expense | null) => draftOf(from, people, tripCurrency, me, trip, language);
  const form = useForm({
    ns: 'budget',
    messages: EXPENSE_MESSAGES,
    fieldsOfBody: EXPENSE_FIELDS_OF_BODY,
    initialValues: fill(expense),
    version: expense?.version,
    unreadable: useTypedMessages(people),
    // A change sends the expense whole, so it is checked as a new one is.
    schema: createExpenseSchema,
    toBody: (draft) => bodyOf(draft, people, tripCurrency, language),
    submit: async (body) => {
      const version = form.version();
      await save.mutateAsync(
        expense ? { expenseId: expense.id, body: { ...body, version } } : { body },
      );
      onDone();
    },
  });
  const theirs = form.conflict as Expense | null;
  const draft = form.values;
  const foreign = draft.currency !== tripCurrency;

  return (
    <Paper withBorder radius="lg" p="md" component="form" {...form.formProps}>
      <Stack gap="md">
        <Title order={3} size="h4">
          {expense ? t('form.editTitle') : t('form.addTitle')}
        </Title>
        <TextInput
          {...form.field('title')}
          label={t('form.title')}
          required
          maxLength={BUDGET_LIMITS.title}
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="sm">
          <AmountInput
            {...form.field('amount')}
            label={t('form.amount')}
            required
            currency={draft.currency}
          />
          <CurrencySelect
            {...form.field('currency')}
            label={t('form.currency')}
            clearable={false}
            allowDeselect={false}
          />
        </SimpleGrid>
        {foreign && (
          <TextInput
            {...form.field('rate')}
            label={t('form.rate', { from: draft.currency, to: tripCurrency })}
            description={t('form.rateHint')}
            inputMode="decimal"
            dir="ltr"
          />
        )}
        <SimpleGrid cols={2} spacing="sm">
          <DateField {...form.field('date')} label={t('form.date')} required />
          <NativeSelect
            {...form.field('category')}
            label={t('form.category')}
            data={BUDGET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            {...form.field('paidBy')}
            label={t('form.paidBy')}
            data={people.map((person) => ({ value: person.userId, label: nameOf(person) }))}
          />
          {stages.length > 0 && <StageSelect {...form.field('stageId')} stages={stages} />}
        </SimpleGrid>
        <ExpenseSplitFields form={form} people={people} />
        {theirs && (
          <ExpenseConflict
            theirs={fill(theirs)}
            mine={draft}
            tripCurrency={tripCurrency}
            people={people}
            stages={stages}
            saving={form.submitting}
            onUseTheirs={() => form.takeTheirs(fill(theirs))}
            onKeepMine={form.keepMine}
          />
        )}
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        <SubmitBar
          label={expense ? t('form.save') : t('form.add')}
          submitting={form.submitting && !theirs}
          disabled={form.submitting && theirs !== null}
          size="sm"
          cancel={{ label: t('form.cancel'), onClick: onDone }}
        />
      </Stack>
    </Paper>
  );
}
