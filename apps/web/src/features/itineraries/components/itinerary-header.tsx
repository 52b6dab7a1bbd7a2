import type { Itinerary } from '@jammy/shared/itineraries';
import { Anchor, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendar,
  IconEye,
  IconLayoutList,
  IconMap2,
  IconNotes,
  IconPencil,
  IconRoute,
  IconShare,
  IconTicket,
  IconWallet,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, NavLink, useLocation } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, tripDays } from '../../../lib/format';
import { LivePresence } from '../../sharing/public';
import classes from './itinerary-header.module.css';

const TABS = [
  { suffix: '', key: 'overview', end: true, Icon: IconLayoutList },
  { suffix: '/stage', key: 'stages', end: false, Icon: IconRoute },
  { suffix: '/place', key: 'places', end: true, Icon: IconMap2 },
  { suffix: '/bookings', key: 'bookings', end: true, Icon: IconTicket },
  { suffix: '/notes', key: 'notes', end: true, Icon: IconNotes },
  { suffix: '/budget', key: 'budget', end: true, Icon: IconWallet },
  { suffix: '/share', key: 'share', end: true, Icon: IconShare },
] as const;

/**
 * The top of every page of one itinerary: back to the list, title, dates, the caller's role,
 * who else has it open (and the page stays live), and the itinerary's sections as tabs.
 * `heading` is the page's own h1 (the itinerary title by default).
 */
export function ItineraryHeader({
  itinerary,
  heading,
  actions,
}: {
  itinerary: Itinerary;
  heading?: string;
  /** More buttons beside "Edit" (the overview's export menu). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('itineraries');
  const { language, to } = useLanguage();
  const base = to(`/itinerary/${itinerary.id}`);
  const dates = formatDateRange(itinerary.startDate, itinerary.endDate, language);
  const days = tripDays(itinerary.startDate, itinerary.endDate);
  const canEdit = itinerary.role !== 'viewer';
  // The edit page needs no way to itself.
  const onEditPage = useLocation().pathname === `${base}/edit`;

  return (
    <header className={classes.header}>
      <Container size="lg">
        <Stack gap="xs">
          <Anchor component={Link} to={to('/itineraries')} size="sm" c="gray.8">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden className={classes.backIcon} />
              {t('header.backToList')}
            </Group>
          </Anchor>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={6}>
              <Title order={1}>{heading ?? <bdi>{itinerary.title}</bdi>}</Title>
              {heading && (
                <Text c="gray.8" fw={600}>
                  <bdi>{itinerary.title}</bdi>
                </Text>
              )}
              <Group gap="sm">
                {dates && (
                  <Group gap={6} c="gray.8">
                    <IconCalendar size={16} aria-hidden />
                    <Text size="sm">
                      {dates}
                      {days ? ` · ${t('header.days', { count: days })}` : ''}
                    </Text>
                  </Group>
                )}
                {!canEdit && (
                  <Badge
                    color="ink"
                    variant="light"
                    leftSection={<IconEye size={12} aria-hidden />}
                  >
                    {t('header.viewOnly')}
                  </Badge>
                )}
              </Group>
              <LivePresence itineraryId={itinerary.id} />
            </Stack>
            <Group gap="xs">
              {actions}
              {canEdit && !onEditPage && (
                <Button
                  component={Link}
                  to={`${base}/edit`}
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                >
                  {t('header.edit')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
        {/* Every section stays in view at any width: on a small phone they take two rows of
            three, each an icon over a label that may wrap, instead of a strip that scrolls out of sight. */}
        <nav className={classes.tabs} aria-label={t('header.sections')}>
          {TABS.map(({ key, suffix, end, Icon }) => (
            <NavLink key={key} to={`${base}${suffix}`} end={end} className={classes.tab}>
              <Icon size={18} aria-hidden className={classes.tabIcon} />
              <span>{t(`header.tabs.${key}`)}</span>
            </NavLink>
          ))}
        </nav>
      </Container>
    </header>
  );
}
