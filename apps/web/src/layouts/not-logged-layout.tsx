import { Button } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../i18n/use-language';
import type { NavItem } from './nav-item';
import { SiteShell } from './site-shell';

const NAV: NavItem[] = [
  { path: '/jammy-itineraries', labelKey: 'nav.presets' },
  { path: '/shop', labelKey: 'nav.shop' },
  { path: '/faq', labelKey: 'nav.faq' },
];

/** The layout of anonymous visitors: discover Jammy, sign in or register. */
export function NotLoggedLayout() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <div data-layout="not-logged">
      <SiteShell
        navItems={NAV}
        actions={
          <>
            <Button component={Link} to={to('/login/start')} variant="subtle" visibleFrom="sm">
              {t('nav.signIn')}
            </Button>
            {/* Tighter on a phone, so the header fits 360 px whatever the system font. */}
            <Button component={Link} to={to('/register')} visibleFrom="xs">
              {t('nav.register')}
            </Button>
            <Button component={Link} to={to('/register')} size="compact-sm" hiddenFrom="xs">
              {t('nav.register')}
            </Button>
          </>
        }
        drawerActions={
          <Button component={Link} to={to('/login/start')} variant="light" fullWidth>
            {t('nav.signIn')}
          </Button>
        }
      />
    </div>
  );
}
