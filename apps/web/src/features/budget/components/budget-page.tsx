import { defaultCurrency, splitUserIds, type Expense } from '@jammy/shared/budget';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { useMe } from '../../../lib/session';
import { useUpdateItinerary } from '../../itineraries/public';
import { CurrencySelect } from '../../../components/form/currency-select';
import { useBudgetLines, useBudgetRates, useBudgetSummary, useExpenses } from '../api/budget';
import { CategoryProgress, SettleUp, UnconvertedNotice } from './budget-overview';
import { CostRates } from './cost-rates';
import { ExpenseForm } from './expense-form';
import { ExpenseList } from './expense-list';
import { PlannedLines } from './planned-lines';
import { SpendCharts } from './spend-charts';

/** The trip's currency: chosen here (or on the edit page); one is proposed from the language. */
function TripCurrency({ tree, canEdit }: { tree: ItineraryTree; canEdit: boolean }) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const update = useUpdateItinerary(tree.itinerary.id);
  const current = tree.itinerary.currency;
  const [choice, setChoice] = useState<string>(
    () => current ?? defaultCurrency(navigator.language || language),
  );
  if (!canEdit) {
    return (
      <Text size="sm" c="gray.8">
        {t('currency.is', { currency: current ?? '—' })}
      </Text>
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <CurrencySelect
        label={t('currency.label')}
        description={current ? undefined : t('currency.none')}
        clearable={false}
        allowDeselect={false}
        value={choice}
        onChange={(value) => value && setChoice(value)}
        style={{ flex: '1 1 14rem' }}
      />
      <Button
        variant="default"
        disabled={choice === current}
        loading={update.isPending}
        onClick={() => update.mutate({ currency: choice, version: tree.itinerary.version })}
      >
        {t('currency.set')}
      </Button>
    </Group>
  );
}

/**
 * /itinerary/{id}/budget: spent against planned, the charts, who owes whom, the expenses
 * and the planned amounts. Phone first: one column, the figures people look for on top.
 */
export function BudgetPage({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('budget');
  const itineraryId = tree.itinerary.id;
  const canEdit = tree.itinerary.role !== 'viewer';
  const summary = useBudgetSummary(itineraryId);
  const expenses = useExpenses(itineraryId);
  const lines = useBudgetLines(itineraryId);
  const rates = useBudgetRates(itineraryId);
  const me = useMe().data?.id ?? '';
  // null: no form; 'new': adding; an expense: changing it.
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);

  if (summary.isError || expenses.isError || lines.isError || rates.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('errors.load')}
      </Alert>
    );
  }
  if (!summary.data || !expenses.data || !lines.data || !rates.data) {
    return <Loader role="status" aria-label={t('loading')} />;
  }
  const data = summary.data;
  const currency = data.currency ?? tree.itinerary.currency;
  const people = data.people.map(({ userId, name }) => ({ userId, name }));
  // Who an expense may name: the members, and whoever the edited expense already names.
  const formPeople = (expense: Expense | null) => {
    const named = new Set(expense ? [expense.paidBy, ...splitUserIds(expense.split)] : []);
    return data.people
      .filter((person) => !person.former || named.has(person.userId))
      .map(({ userId, name }) => ({ userId, name }));
  };

  return (
    <Stack gap="lg">
      <TripCurrency key={tree.itinerary.currency ?? ''} tree={tree} canEdit={canEdit} />
      {currency && (
        <>
          <CategoryProgress summary={data} currency={currency} />
          <UnconvertedNotice
            summary={data}
            itineraryId={itineraryId}
            tripCurrency={currency}
            rates={rates.data.items}
            canEdit={canEdit}
          />
          <CostRates
            itineraryId={itineraryId}
            rates={rates.data.items}
            tripCurrency={currency}
            canEdit={canEdit}
          />
          <SpendCharts summary={data} currency={currency} />
          <SettleUp summary={data} currency={currency} />
        </>
      )}
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="expenses-title">
        <Group justify="space-between" mb="sm" gap="sm">
          <Title order={2} size="h4" id="expenses-title">
            {t('expenses.title')}
          </Title>
          {canEdit && currency && editing === null && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing('new')}
            >
              {t('expenses.add')}
            </Button>
          )}
        </Group>
        {!currency && (
          <Text size="sm" c="gray.8" mb="sm">
            {t('currency.first')}
          </Text>
        )}
        {editing !== null && currency && (
          <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
            <ExpenseForm
              key={editing === 'new' ? 'new' : editing.id}
              itineraryId={itineraryId}
              tripCurrency={currency}
              trip={tree.itinerary}
              people={formPeople(editing === 'new' ? null : editing)}
              stages={tree.stages}
              me={me}
              expense={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          </div>
        )}
        <ExpenseList
          itineraryId={itineraryId}
          expenses={expenses.data.items}
          people={people}
          canEdit={canEdit}
          onEdit={(expense) => setEditing(expense)}
        />
      </Paper>
      {currency && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="planned-title">
          <Title order={2} size="h4" id="planned-title" mb="sm">
            {t('planned.title')}
          </Title>
          <PlannedLines
            itineraryId={itineraryId}
            lines={lines.data.items}
            currency={currency}
            stages={tree.stages}
            canEdit={canEdit}
          />
        </Paper>
      )}
    </Stack>
  );
}
