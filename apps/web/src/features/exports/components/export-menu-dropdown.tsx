import type { Itinerary } from '@jammy/shared/itineraries';
import { Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconCalendarShare,
  IconFileCode,
  IconMapPin,
  IconPrinter,
  IconRoute,
} from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useTakeFocus, type Reached } from '../../../components/load-on-reach';
import { useLanguage } from '../../../i18n/use-language';
import { exportUrl } from '../api/trip-export';
import { ExportButton } from './export-button';

// The calendar feed's dialog (its queries and copy button) loads when first opened.
const CalendarFeedModal = lazy(async () => ({
  default: (await import('./calendar-feed-modal')).CalendarFeedModal,
}));

const ICON = { size: 18, 'aria-hidden': true } as const;

/** Items under a heading: a `group` of the menu, named by its label (a menu may hold no plain text). */
function MenuGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={id}>
      <Menu.Label id={id}>{label}</Menu.Label>
      {children}
    </div>
  );
}

/**
 * The itinerary's "Export" menu itself: downloads (calendar, GPX, GeoJSON, JSON), the private
 * calendar feed to subscribe to, and the printable view. It replaces the bare button of
 * ExportMenu once loaded.
 */
export function ExportMenuDropdown({
  itinerary,
  defaultOpened,
  takeFocus,
}: { itinerary: Itinerary } & Reached) {
  const { t } = useTranslation('exports');
  const { to } = useLanguage();
  const [feedOpen, feed] = useDisclosure(false);
  const target = useTakeFocus(takeFocus);
  const { id } = itinerary;
  return (
    <>
      {/* No focusable placeholder in the menu: a menu may hold only items and groups (axe). */}
      <Menu
        position="bottom-end"
        withinPortal
        shadow="md"
        width={280}
        withInitialFocusPlaceholder={false}
        defaultOpened={defaultOpened}
      >
        <Menu.Target>
          <ExportButton ref={target} />
        </Menu.Target>
        <Menu.Dropdown>
          <MenuGroup id={`${id}-calendar`} label={t('menu.calendar')}>
            <Menu.Item
              component="a"
              href={exportUrl(id, 'ics')}
              download
              leftSection={<IconCalendarEvent {...ICON} />}
            >
              {t('menu.ics')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCalendarShare {...ICON} />} onClick={feed.open}>
              {t('menu.feed')}
            </Menu.Item>
          </MenuGroup>
          <MenuGroup id={`${id}-maps`} label={t('menu.maps')}>
            <Menu.Item
              component="a"
              href={exportUrl(id, 'gpx')}
              download
              leftSection={<IconRoute {...ICON} />}
            >
              {t('menu.gpx')}
            </Menu.Item>
            <Menu.Item
              component="a"
              href={exportUrl(id, 'geojson')}
              download
              leftSection={<IconMapPin {...ICON} />}
            >
              {t('menu.geojson')}
            </Menu.Item>
          </MenuGroup>
          <MenuGroup id={`${id}-other`} label={t('menu.other')}>
            <Menu.Item
              component="a"
              href={exportUrl(id, 'json')}
              download
              leftSection={<IconFileCode {...ICON} />}
            >
              {t('menu.json')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={to(`/itinerary/${id}/print`)}
              leftSection={<IconPrinter {...ICON} />}
            >
              {t('menu.print')}
            </Menu.Item>
          </MenuGroup>
        </Menu.Dropdown>
      </Menu>
      {feedOpen && (
        <Suspense fallback={null}>
          <CalendarFeedModal itineraryId={id} opened={feedOpen} onClose={feed.close} />
        </Suspense>
      )}
    </>
  );
}
