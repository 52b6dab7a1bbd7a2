import type { Expense } from '@jammy/shared/budget';
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import { useDeleteExpense } from '../api/budget';
import type { Person } from '../lib/expense-draft';
import { dateTimeFormat } from '../../../lib/intl';

/** The trip's expenses, newest day first: what, who paid, how much (and in the trip currency). */
export function ExpenseList({
  itineraryId,
  expenses,
  people,
  canEdit,
  onEdit,
}: {
  itineraryId: string;
  expenses: Expense[];
  people: Person[];
  canEdit: boolean;
  onEdit: (expense: Expense) => void;
}) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const remove = useDeleteExpense(itineraryId);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const nameOf = (userId: string) =>
    people.find((person) => person.userId === userId)?.name || t('settle.someone');
  const dateOf = (date: string) =>
    dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );

  if (expenses.length === 0) {
    return (
      <Text size="sm" c="gray.8">
        {t('expenses.none')}
      </Text>
    );
  }
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {expenses.map((expense) => {
          const converted =
            expense.rateCurrency && expense.rateCurrency !== expense.currency
              ? expense.convertedMinor
              : null;
          return (
            <Paper component="li" key={expense.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={650} style={{ overflowWrap: 'anywhere' }}>
                    {expense.title}
                  </Text>
                  <Text size="sm" c="gray.8">
                    {t('expenses.paidBy', {
                      name: nameOf(expense.paidBy),
                      date: dateOf(expense.date),
                    })}
                    {' · '}
                    {t(`categories.${expense.category}`)}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
                  <Text fw={700}>
                    {formatMinorUnits(expense.amountMinor, expense.currency, language)}
                  </Text>
                  {converted !== null && expense.rateCurrency && (
                    <Text size="xs" c="gray.8">
                      {t('expenses.converted', {
                        amount: formatMinorUnits(converted, expense.rateCurrency, language),
                      })}
                    </Text>
                  )}
                  {canEdit && (
                    <Group gap={4} mt={4}>
                      <ActionIcon
                        variant="subtle"
                        color="ink"
                        aria-label={t('expenses.edit', { title: expense.title })}
                        onClick={() => onEdit(expense)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        aria-label={t('expenses.delete', { title: expense.title })}
                        onClick={() => setDeleting(expense)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('expenses.deleteTitle')}
        message={t('expenses.deleteMessage', { title: deleting?.title ?? '' })}
        confirm={t('expenses.deleteConfirm')}
        cancel={t('form.cancel')}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { id: deleting.id, version: deleting.version },
            { onSettled: () => setDeleting(null) },
          );
        }}
      />
    </>
  );
}
