import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { NavLink } from 'react-router';
import { useLanguage } from '../i18n/use-language';
import { BrandLink } from './brand-link';
import type { NavItem } from './nav-item';
import classes from './site-chrome.module.css';

/** The phone's menu of SiteShell: navigation and account actions in a drawer. */
export function SiteDrawer({
  opened,
  onClose,
  navItems,
  drawerActions,
}: {
  opened: boolean;
  onClose: () => void;
  navItems: NavItem[];
  drawerActions: ReactNode;
}) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="xs"
      title={<BrandLink />}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      hiddenFrom="sm"
    >
      <Stack gap={4} component="nav" aria-label={t('nav.mainNavigation')}>
        {navItems.map((item) => (
          <NavLink
            key={item.path}
            to={to(item.path)}
            className={classes.drawerLink}
            onClick={onClose}
          >
            {t(item.labelKey)}
          </NavLink>
        ))}
        <Stack gap="xs" mt="md" onClick={onClose}>
          {drawerActions}
        </Stack>
      </Stack>
    </Drawer>
  );
}
