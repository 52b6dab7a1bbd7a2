import { BUDGET_CATEGORIES, type BudgetCategory, type BudgetLine } from '@jammy/shared/budget';
import { currencyExponent, toMinorUnits } from '@jammy/shared/fields';
import { ActionIcon, Button, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import { useAddBudgetLine, useDeleteBudgetLine } from '../api/budget';

/** The planned amounts per category, in the trip currency: a list and a one-line form. */
export function PlannedLines({
  itineraryId,
  lines,
  currency,
  canEdit,
}: {
  itineraryId: string;
  lines: BudgetLine[];
  currency: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const add = useAddBudgetLine(itineraryId);
  const remove = useDeleteBudgetLine(itineraryId);
  const [category, setCategory] = useState<BudgetCategory>('accommodation');
  const [amount, setAmount] = useState<number | ''>('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = typeof amount === 'number' ? toMinorUnits(amount, currency) : null;
    if (minor === null || minor <= 0) {
      setError(t('errors.amount'));
      return;
    }
    setError(undefined);
    add.mutate(
      { category, amountMinor: minor },
      { onSuccess: () => setAmount(''), onError: () => setError(t('errors.failed')) },
    );
  };

  return (
    <Stack gap="sm">
      {lines.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('planned.none')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <Group component="li" key={line.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {t(`categories.${line.category}`)}
                {line.label ? ` · ${line.label}` : ''}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" fw={600}>
                  {formatMinorUnits(line.amountMinor, currency, language)}
                </Text>
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={t('planned.delete', { category: t(`categories.${line.category}`) })}
                    onClick={() => remove.mutate({ id: line.id, version: line.version })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {canEdit && (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t('form.category')}
              value={category}
              onChange={(event) => setCategory(event.currentTarget.value as BudgetCategory)}
              data={BUDGET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
              style={{ flex: '1 1 9rem' }}
            />
            <NumberInput
              label={t('planned.amount', { currency })}
              min={0}
              hideControls
              inputMode="decimal"
              decimalScale={currencyExponent(currency)}
              value={amount}
              error={error}
              onChange={(value) => setAmount(typeof value === 'number' ? value : '')}
              style={{ flex: '1 1 7rem' }}
            />
            <Button type="submit" variant="light" loading={add.isPending}>
              {t('planned.add')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
