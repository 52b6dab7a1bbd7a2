import { Avatar, Button, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconPlus, IconSparkles, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../i18n/use-language';
import { SiteShell, type NavItem } from './site-shell';

const NAV: NavItem[] = [
  { path: '/itineraries', labelKey: 'nav.myItineraries' },
  { path: '/jammy-itineraries', labelKey: 'nav.presets' },
  { path: '/shop', labelKey: 'nav.shop' },
];

/** The layout of signed-in travellers: their trips, presets, and their account. */
export function LoggedLayout() {
  const { t } = useTranslation();
  const { to } = useLanguage();
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
            <Menu position="bottom-end" width={220} withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('nav.accountMenu')}>
                  <Avatar color="jam" radius="xl" size={36}>
                    <IconUserCircle size={22} aria-hidden />
                  </Avatar>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
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
