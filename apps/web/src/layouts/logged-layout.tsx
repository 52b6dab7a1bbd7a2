import { Avatar, Button, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconLogout,
  IconMailbox,
  IconPlus,
  IconSparkles,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../features/auth/session';
import {
  useKeepAllTripsOffline,
  useKeepCoversOffline,
} from '../features/itineraries/api/keep-offline';
import { useLanguage } from '../i18n/use-language';
import type { NavItem } from './nav-item';
import { SiteShell } from './site-shell';

const NAV: NavItem[] = [
  { path: '/itineraries', labelKey: 'nav.myItineraries' },
  { path: '/jammy-itineraries', labelKey: 'nav.presets' },
  { path: '/shop', labelKey: 'nav.shop' },
];

/** The layout of signed-in travellers: their trips, presets, and their account. */
export function LoggedLayout() {
  const { t } = useTranslation(['translation', 'account']);
  const { to } = useLanguage();
  const { data: me } = useMe();
  useKeepAllTripsOffline();
  useKeepCoversOffline();
  const name = me?.name.trim() || undefined;
  // Who is signed in: their address, else their phone number (phone-only accounts).
  const contact = me ? (me.email ?? me.phoneNumber) : null;
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
            <Menu position="bottom-end" width={260} withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('nav.accountMenu')}>
                  {name ? (
                    <Avatar name={name} color="jam" variant="filled" radius="xl" size={36} />
                  ) : (
                    <Avatar color="jam" radius="xl" size={36}>
                      <IconUserCircle size={22} aria-hidden />
                    </Avatar>
                  )}
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {me ? (
                  <>
                    <div style={{ padding: '0.5rem 0.75rem' }}>
                      {name ? (
                        <Text size="sm" fw={600} truncate="end">
                          {name}
                        </Text>
                      ) : null}
                      {contact ? (
                        <Text size="xs" c="gray.7" truncate="end">
                          <bdi>{contact}</bdi>
                        </Text>
                      ) : null}
                    </div>
                    <Menu.Divider />
                  </>
                ) : null}
                <Menu.Item
                  component={Link}
                  to={to('/account')}
                  leftSection={<IconUserCircle size={16} aria-hidden />}
                >
                  {t('nav.account')}
                </Menu.Item>
                <Menu.Item
                  component={Link}
                  to={to('/interests')}
                  leftSection={<IconSparkles size={16} aria-hidden />}
                >
                  {t('nav.interests')}
                </Menu.Item>
                {me?.role === 'admin' ? (
                  <Menu.Item
                    component={Link}
                    to={`${to('/account')}#outbox`}
                    leftSection={<IconMailbox size={16} aria-hidden />}
                  >
                    {t('account:menu.outbox')}
                  </Menu.Item>
                ) : null}
                <Menu.Divider />
                <Menu.Item
                  component={Link}
                  to={to('/logout')}
                  leftSection={<IconLogout size={16} aria-hidden />}
                >
                  {t('nav.signOut')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
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
