import type { BudgetSummary } from '@jammy/shared/budget';
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import classes from './budget.module.css';
import { dateTimeFormat } from '../../../lib/intl';

/** One colour per category, in the order of BUDGET_CATEGORIES. */
export const CATEGORY_COLOURS: Record<string, string> = {
  transport: 'var(--mantine-color-blue-7)',
  accommodation: 'var(--mantine-color-grape-7)',
  food: 'var(--mantine-color-orange-7)',
  activities: 'var(--mantine-color-teal-7)',
  shopping: 'var(--mantine-color-pink-7)',
  other: 'var(--mantine-color-gray-7)',
};

const RADIUS = 15.915; // a circumference of 100: dash lengths are percentages
const STROKE = 6;

/** A chart drawn for the eye, with the same figures as a table for screen readers. */
function ChartFrame({
  title,
  label,
  headers,
  rows,
  scrolls = false,
  children,
}: {
  title: string;
  label: string;
  headers: [string, string];
  rows: [string, string][];
  /** Wider than the card: it scrolls sideways, and takes the focus to scroll by keyboard. */
  scrolls?: boolean;
  children: React.ReactNode;
}) {
  const headingId = useId();
  const chart = (
    <div role="img" aria-label={label}>
      {children}
    </div>
  );
  return (
    <Paper withBorder radius="lg" p="md" component="figure" m={0} aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="sm">
        {title}
      </Title>
      {scrolls ? (
        // A scrolling region must be reachable by keyboard.
        <div className={classes.barsScroll} tabIndex={0} role="group" aria-labelledby={headingId}>
          {chart}
        </div>
      ) : (
        chart
      )}
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{headers[0]}</th>
              <th scope="col">{headers[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}

/** Spending by category as a donut, with its legend. */
function CategoryDonut({ summary, currency }: { summary: BudgetSummary; currency: string }) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const money = (minor: number) => formatMinorUnits(minor, currency, language);
  const rows = summary.categories.filter((row) => row.spentMinor > 0);
  const total = rows.reduce((sum, row) => sum + row.spentMinor, 0);
  // Each arc starts where the ones before it end, from twelve o'clock, clockwise.
  const lengths = rows.map((row) => (row.spentMinor / total) * 100);
  const arcs = rows.map((row, index) => {
    const before = lengths.slice(0, index).reduce((sum, length) => sum + length, 0);
    const length = lengths[index] ?? 0;
    return { category: row.category, length, offset: (25 - before + 100) % 100 };
  });
  const label = rows
    .map((row) => `${t(`categories.${row.category}`)}: ${money(row.spentMinor)}`)
    .join(', ');
  return (
    <ChartFrame
      title={t('charts.byCategory')}
      label={`${t('charts.byCategory')}. ${label}`}
      headers={[t('charts.category'), t('charts.spent')]}
      rows={rows.map((row) => [t(`categories.${row.category}`), money(row.spentMinor)])}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <svg viewBox="0 0 42 42" className={classes.donut} aria-hidden focusable="false">
          <circle
            cx="21"
            cy="21"
            r={RADIUS}
            fill="none"
            stroke="var(--mantine-color-gray-2)"
            strokeWidth={STROKE}
          />
          {arcs.map((arc) => (
            <circle
              key={arc.category}
              cx="21"
              cy="21"
              r={RADIUS}
              fill="none"
              stroke={CATEGORY_COLOURS[arc.category]}
              strokeWidth={STROKE}
              strokeDasharray={`${arc.length} ${100 - arc.length}`}
              strokeDashoffset={arc.offset}
            />
          ))}
        </svg>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }} aria-hidden>
          {rows.map((row) => (
            <Group key={row.category} gap={6} wrap="nowrap">
              <span
                className={classes.swatch}
                style={{ background: CATEGORY_COLOURS[row.category] }}
              />
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {t(`categories.${row.category}`)}
              </Text>
              <Text size="sm" fw={600}>
                {money(row.spentMinor)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartFrame>
  );
}

/** Spending per day as bars, oldest day first in the reading direction. */
function DayBars({ summary, currency }: { summary: BudgetSummary; currency: string }) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const money = (minor: number) => formatMinorUnits(minor, currency, language);
  const days = summary.days;
  const highest = Math.max(...days.map((day) => day.spentMinor), 1);
  const dayName = (date: string) =>
    dateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  // At least a phone's width of room: one day is a slim bar, not a wall.
  const width = Math.max(days.length * 40, 320);
  const height = 120;
  // Beyond a phone's width of days, the bars keep their size and the chart scrolls.
  const scrolls = days.length > 8;
  return (
    <ChartFrame
      title={t('charts.byDay')}
      label={`${t('charts.byDay')}. ${days
        .map((day) => `${dayName(day.date)}: ${money(day.spentMinor)}`)
        .join(', ')}`}
      headers={[t('charts.day'), t('charts.spent')]}
      rows={days.map((day) => [dayName(day.date), money(day.spentMinor)])}
      scrolls={scrolls}
    >
      <svg
        viewBox={`0 0 ${width} ${height + 18}`}
        className={classes.bars}
        style={scrolls ? { minWidth: Math.min(width, 600) } : undefined}
        aria-hidden
        focusable="false"
      >
        {days.map((day, index) => {
          const barHeight = Math.max((day.spentMinor / highest) * height, 2);
          const x = index * 40 + 8;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={height - barHeight}
                width={24}
                height={barHeight}
                rx={3}
                fill="var(--mantine-color-jam-7)"
              />
              <text x={x + 12} y={height + 13} textAnchor="middle" className={classes.barLabel}>
                {dayName(day.date)}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}

/** The two charts of the budget, side by side on a wide screen. */
export function SpendCharts({ summary, currency }: { summary: BudgetSummary; currency: string }) {
  if (summary.totals.spentMinor === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <CategoryDonut summary={summary} currency={currency} />
      {summary.days.length > 0 && <DayBars summary={summary} currency={currency} />}
    </SimpleGrid>
  );
}
