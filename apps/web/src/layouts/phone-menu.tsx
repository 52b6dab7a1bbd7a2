import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { NavLink } from 'react-router';
import { useLanguage } from '../i18n/use-language';
import type { NavItem } from './nav-item';
import classes from './site-chrome.module.css';

/**
 * The phone's menu of a page rendered to HTML at build time: the drawer's links, drawn under
 * the header and hidden until the burger opens it (landing/enhance.ts).
 */
export function PhoneMenu({
  id,
  navItems,
  actions,
}: {
  id: string;
  navItems: NavItem[];
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <div id={id} className={classes.phoneMenu} hidden>
      <nav aria-label={t('nav.mainNavigation')}>
        {navItems.map((item) => (
          <NavLink key={item.path} to={to(item.path)} className={classes.drawerLink}>
            {t(item.labelKey)}
          </NavLink>
        ))}
      </nav>
      <div className={classes.phoneMenuActions}>{actions}</div>
    </div>
  );
}
