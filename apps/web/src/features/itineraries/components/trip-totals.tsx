import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Paper, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconCoin, IconMapPin, IconRoute, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatMoney, tripDays } from '../../../lib/format';
import { costsByCurrency, tripSpan } from './trip-points';
import { numberFormat } from '../../../lib/intl';

function Tile({
  icon: Glyph,
  label,
  children,
}: {
  icon: Icon;
  label: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      <Text
        size="xs"
        c="gray.8"
        fw={700}
        tt="uppercase"
        // A long word in capitals (Greek, Finnish) goes under the icon whole (the space is where
        // the line may break), and breaks inside only if it is wider than the tile.
        style={{ letterSpacing: '0.01em', overflowWrap: 'break-word' }}
        component="dt"
      >
        <Glyph size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 2 }} />{' '}
        {label}
      </Text>
      <Text component="dd" m={0} fw={750} fz={{ base: 'lg', sm: 'xl' }} c="ink.9">
        {children}
      </Text>
    </Paper>
  );
}

/** The trip in numbers: days, stages, places and planned costs per currency. */
export function TripTotals({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  const { start, end } = tripSpan(tree);
  const days = tripDays(start, end);
  const costs = costsByCurrency([...tree.places, ...tree.bookings]);
  const number = numberFormat(language);
  return (
    <section aria-labelledby="trip-totals-title">
      <VisuallyHidden>
        <Title order={2} id="trip-totals-title">
          {t('overview.totals')}
        </Title>
      </VisuallyHidden>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing={{ base: 'sm', sm: 'md' }} m={0}>
        <Tile icon={IconCalendarEvent} label={t('overview.totalDays')}>
          {days ? number.format(days) : '—'}
        </Tile>
        <Tile icon={IconRoute} label={t('overview.totalStages')}>
          {number.format(tree.stages.length)}
        </Tile>
        <Tile icon={IconMapPin} label={t('overview.totalPlaces')}>
          {number.format(tree.places.length)}
        </Tile>
        <Tile icon={IconCoin} label={t('overview.totalCost')}>
          {costs.length === 0 ? (
            <Text span c="gray.7" fw={600} fz="md">
              {t('overview.noCost')}
            </Text>
          ) : (
            costs.map(({ currency, amount }) => (
              <span key={currency} style={{ display: 'block' }}>
                {formatMoney(amount, currency, language)}
              </span>
            ))
          )}
        </Tile>
      </SimpleGrid>
    </section>
  );
}
