import { Burger, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, NavLink, Outlet } from 'react-router';
import { useLanguage } from '../i18n/use-language';
import { usePrerendered } from '../landing/prerendered';
import { AboutApp } from '../pwa/components/about-app';
import { BrandLink } from './brand-link';
import { LanguageMenu } from './language-menu';
import type { NavItem } from './nav-item';
import classes from './site-chrome.module.css';
import { useFocusOnNavigate } from './use-focus-on-navigate';

// The phone's drawer (Mantine's modal machinery) loads when the menu is first opened.
const SiteDrawer = lazy(async () => ({ default: (await import('./site-drawer')).SiteDrawer }));

/** The id of the prerendered phone menu (landing/enhance.ts opens it). */
export const PHONE_MENU_ID = 'site-menu';

const FOOTER_LINKS: NavItem[] = [
  { path: '/faq', labelKey: 'nav.faq' },
  { path: '/contact', labelKey: 'nav.contact' },
  { path: '/privacy', labelKey: 'nav.privacy' },
  { path: '/terms', labelKey: 'nav.terms' },
  { path: '/language', labelKey: 'nav.language' },
];

/**
 * The chrome of the logged and not-logged layouts: header with brand, navigation, language
 * and account actions (a drawer on phones), the page, and a footer.
 */
export function SiteShell({
  navItems,
  actions,
  drawerActions,
}: {
  navItems: NavItem[];
  actions: ReactNode;
  drawerActions: ReactNode;
}) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const mainRef = useFocusOnNavigate<HTMLElement>();
  // Rendered to HTML at build time: the burger opens a menu drawn in the page instead.
  const prerendered = usePrerendered();
  const burgerProps = prerendered
    ? {
        'aria-controls': PHONE_MENU_ID,
        'data-disclosure': '',
        'data-label-open': t('nav.openMenu'),
        'data-label-close': t('nav.closeMenu'),
      }
    : {
        onClick: () => {
          setDrawerWanted(true);
          toggle();
        },
      };

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              {...burgerProps}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'nav.closeMenu' : 'nav.openMenu')}
              aria-expanded={opened}
            />
            <BrandLink />
          </Group>
          <Group component="nav" aria-label={t('nav.mainNavigation')} gap={4} visibleFrom="sm">
            {navItems.map((item) => (
              <NavLink key={item.path} to={to(item.path)} className={classes.navLink}>
                {t(item.labelKey)}
              </NavLink>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            {actions}
          </Group>
        </Container>
        {prerendered ? (
          <prerendered.PhoneMenu id={PHONE_MENU_ID} navItems={navItems} actions={drawerActions} />
        ) : null}
      </header>

      {drawerWanted ? (
        <Suspense fallback={null}>
          <SiteDrawer
            opened={opened}
            onClose={close}
            navItems={navItems}
            drawerActions={drawerActions}
          />
        </Suspense>
      ) : null}

      <main id="main" ref={mainRef} tabIndex={-1} className={classes.main}>
        {/* A page whose messages are still loading (a first visit to a feature). */}
        <Suspense fallback={<div aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>

      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Stack gap={6} maw={320}>
              <BrandLink />
              <Text size="sm" c="gray.7">
                {t('footer.tagline')}
              </Text>
            </Stack>
            <Group component="nav" aria-label={t('nav.footerNavigation')} gap="lg">
              {FOOTER_LINKS.map((item) => (
                <Link key={item.path} to={to(item.path)} className={classes.footerLink}>
                  {t(item.labelKey)}
                </Link>
              ))}
              <AboutApp className={classes.footerLink} />
            </Group>
          </Group>
          <Text size="xs" c="gray.7" mt="lg">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
        </Container>
      </footer>
    </div>
  );
}
