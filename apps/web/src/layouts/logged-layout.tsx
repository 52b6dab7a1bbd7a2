import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { LoadOnReach } from '../components/load-on-reach';
import { lazyRetrying } from '../lib/lazy-retrying';
import {
  useKeepAllTripsOffline,
  useKeepCoversOffline,
} from '../features/itineraries/api/keep-offline';
import { useLanguage } from '../i18n/use-language';
import { AccountButton } from './account-button';
import type { NavItem } from './nav-item';
import { SiteShell } from './site-shell';

// The account menu (Mantine's menu and its positioning code) is not part of a page's first load.
const AccountMenu = lazyRetrying(async () => (await import('./account-menu')).AccountMenu);

const NAV: NavItem[] = [
  { path: '/itineraries', labelKey: 'nav.myItineraries' },
  { path: '/jammy-itineraries', labelKey: 'nav.presets' },
  { path: '/shop', labelKey: 'nav.shop' },
];

/** The layout of signed-in travellers: their trips, presets, and their account. */
export function LoggedLayout() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  useKeepAllTripsOffline();
  useKeepCoversOffline();
  return (
    <div data-layout="logged">
      <SiteShell
        navItems={NAV}
        actions={
          <>
            <Button
              component={Link}
              to={to('/itinerary')}
              leftSection={<IconPlus size={18} aria-hidden />}
              visibleFrom="sm"
            >
              {t('nav.newItinerary')}
            </Button>
            <LoadOnReach
              button={(handlers) => <AccountButton {...handlers} />}
              control={(reached) => <AccountMenu {...reached} />}
            />
          </>
        }
        drawerActions={
          <Button
            component={Link}
            to={to('/itinerary')}
            leftSection={<IconPlus size={18} aria-hidden />}
            fullWidth
          >
            {t('nav.newItinerary')}
          </Button>
        }
      />
    </div>
  );
}
