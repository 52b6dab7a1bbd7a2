import type { BudgetRate, BudgetSummary } from '@jammy/shared/budget';
import { Alert, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import { CostRateForm } from './cost-rates';
import { CATEGORY_COLOURS } from './spend-charts';

/** Spent against planned, in all and per category, each with its bar. */
export function CategoryProgress({
  summary,
  currency,
}: {
  summary: BudgetSummary;
  currency: string;
}) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const money = (minor: number) => formatMinorUnits(minor, currency, language);
  const { totals } = summary;
  const rows = summary.categories.filter((row) => row.plannedMinor > 0 || row.spentMinor > 0);
  const percent = (spent: number, planned: number) =>
    planned > 0 ? Math.min(100, Math.round((spent / planned) * 100)) : spent > 0 ? 100 : 0;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="md">
        <div>
          <Text size="sm" c="gray.8" fw={600}>
            {t('totals.spent')}
          </Text>
          <Text fz={28} fw={800} c="ink.9" lh={1.2}>
            {money(totals.spentMinor)}
          </Text>
          <Text size="sm" c="gray.8">
            {totals.plannedMinor > 0
              ? t('totals.ofPlanned', { amount: money(totals.plannedMinor) })
              : t('totals.nothingPlanned')}
          </Text>
        </div>
        {rows.length > 0 && (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => {
              const over = row.plannedMinor > 0 && row.spentMinor > row.plannedMinor;
              const name = t(`categories.${row.category}`);
              return (
                <li key={row.category}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    <Text size="sm" c={over ? 'red.8' : 'gray.8'}>
                      {row.plannedMinor > 0
                        ? t('totals.spentOf', {
                            spent: money(row.spentMinor),
                            planned: money(row.plannedMinor),
                          })
                        : money(row.spentMinor)}
                    </Text>
                  </Group>
                  <Progress
                    mt={4}
                    size="md"
                    radius="xl"
                    value={percent(row.spentMinor, row.plannedMinor)}
                    color={over ? 'red.8' : CATEGORY_COLOURS[row.category]}
                    aria-label={t('totals.progress', { category: name })}
                  />
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Costs that could not be converted (no rate), per currency: shown, never guessed. Where they
 * are bookings' and places' costs, an editor gives the currency's rate right here, and they
 * count in the totals from then on.
 */
export function UnconvertedNotice({
  summary,
  itineraryId,
  tripCurrency,
  rates,
  canEdit,
}: {
  summary: BudgetSummary;
  itineraryId: string;
  tripCurrency: string;
  rates: BudgetRate[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  if (summary.unconverted.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      data-testid="unconverted"
    >
      <Text size="sm">{t('unconverted.text')}</Text>
      <Stack component="ul" gap="sm" mt={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {summary.unconverted.map((row) => (
          <li key={row.currency}>
            <Text size="sm" fw={600}>
              {formatMinorUnits(row.amountMinor, row.currency, language)}
            </Text>
            {row.amountMinor > row.costsMinor && (
              <Text size="xs" c="gray.8">
                {t('rates.expenses', { currency: tripCurrency })}
              </Text>
            )}
            {canEdit && row.costsMinor > 0 && (
              <CostRateForm
                key={rates.find((rate) => rate.currency === row.currency)?.version ?? 0}
                itineraryId={itineraryId}
                currency={row.currency}
                tripCurrency={tripCurrency}
                current={rates.find((rate) => rate.currency === row.currency)}
              />
            )}
          </li>
        ))}
      </Stack>
    </Alert>
  );
}

/** Who pays whom to be even, and each person's paid, share and balance. */
export function SettleUp({ summary, currency }: { summary: BudgetSummary; currency: string }) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const money = (minor: number) => formatMinorUnits(minor, currency, language);
  const name = (userId: string) =>
    summary.people.find((person) => person.userId === userId)?.name || t('settle.someone');
  const people = summary.people.filter((person) => person.paidMinor > 0 || person.owedMinor > 0);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="settle-up-title">
      <Title order={2} size="h4" id="settle-up-title" mb="sm">
        {t('settle.title')}
      </Title>
      {summary.transfers.length === 0 ? (
        <Text size="sm" c="gray.8">
          {people.length > 0 ? t('settle.even') : t('settle.nothing')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {summary.transfers.map((transfer) => (
            <Group
              component="li"
              key={`${transfer.fromUserId}-${transfer.toUserId}`}
              gap={6}
              wrap="wrap"
              data-testid="transfer"
            >
              <Text fw={600}>
                {t('settle.pays', {
                  from: name(transfer.fromUserId),
                  to: name(transfer.toUserId),
                  amount: money(transfer.amountMinor),
                })}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {people.length > 0 && (
        <Table mt="md" verticalSpacing={4} horizontalSpacing={6} fz="sm" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settle.person')}</Table.Th>
              <Table.Th ta="end">{t('settle.paid')}</Table.Th>
              <Table.Th ta="end">{t('settle.share')}</Table.Th>
              <Table.Th ta="end">{t('settle.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person) => (
              <Table.Tr key={person.userId}>
                <Table.Td>{person.name || t('settle.someone')}</Table.Td>
                <Table.Td ta="end">{money(person.paidMinor)}</Table.Td>
                <Table.Td ta="end">{money(person.owedMinor)}</Table.Td>
                <Table.Td ta="end" c={person.balanceMinor < 0 ? 'red.8' : 'teal.9'}>
                  {money(person.balanceMinor)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
