import type { Me } from '@jammy/shared/account';
import { Tabs } from '@mantine/core';
import {
  IconDatabase,
  IconDevices,
  IconKey,
  IconBuildingStore,
  IconMailbox,
  IconMessages,
  IconReceipt,
  IconRoute,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLocation, useNavigate } from 'react-router';
import { ContactAdminSection } from '../../contact/public';
import { OrdersSection, ShopAdminSection } from '../../shop/public';
import classes from './account.module.css';
import { ApiTokensSection } from './api-tokens-section';
import { DataSection } from './data-section';
import { OutboxSection } from './outbox-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';
import { SessionsSection } from './sessions-section';
import { WelcomeSection } from './welcome-section';

const SECTIONS = [
  'profile',
  'security',
  'sessions',
  'tokens',
  'data',
  'welcome',
  'orders',
  'outbox',
  'contact',
  'shop',
] as const;
/** Sections only admins see. */
const ADMIN_SECTIONS: readonly AccountSection[] = ['outbox', 'contact', 'shop'];
export type AccountSection = (typeof SECTIONS)[number];

const ICONS: Record<AccountSection, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  profile: IconUser,
  security: IconShieldLock,
  sessions: IconDevices,
  tokens: IconKey,
  data: IconDatabase,
  welcome: IconRoute,
  orders: IconReceipt,
  outbox: IconMailbox,
  contact: IconMessages,
  shop: IconBuildingStore,
};

function isSection(value: string): value is AccountSection {
  return (SECTIONS as readonly string[]).includes(value);
}

/** The open section: the URL's hash (#sessions), else where a sign-in link sent us, else the profile. */
function sectionFrom(location: { hash: string; search: string }, available: AccountSection[]) {
  const hash = location.hash.replace(/^#/, '');
  if (isSection(hash) && available.includes(hash)) return hash;
  const params = new URLSearchParams(location.search);
  const asked = params.get('section') ?? (params.has('linked') ? 'security' : '');
  if (isSection(asked) && available.includes(asked)) return asked;
  return 'profile';
}

/** The account's sections as tabs (a column on wide screens, a row of pills on phones). */
export function AccountSections({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const available = SECTIONS.filter(
    (section) => !ADMIN_SECTIONS.includes(section) || me.role === 'admin',
  );
  const active = sectionFrom(location, available);
  const wide = useMediaQuery('(min-width: 48em)');
  const listRef = useRef<HTMLDivElement>(null);

  // On a phone the pills scroll sideways: keep the open one in view.
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[data-active]');
    if (list && tab && list.scrollWidth > list.clientWidth) {
      tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }, [active]);

  function open(value: string | null) {
    if (!value || !isSection(value)) return;
    void navigate({ search: location.search, hash: value }, { replace: true });
  }

  return (
    <Tabs
      value={active}
      onChange={open}
      variant="pills"
      orientation={wide ? 'vertical' : 'horizontal'}
      keepMounted={false}
      classNames={{ tab: classes.tab, list: classes.tabList, tabLabel: classes.tabLabel }}
    >
      <div className={classes.layout}>
        <nav className={classes.nav} aria-label={t('sectionsLabel')}>
          <Tabs.List ref={listRef}>
            {available.map((section) => {
              const Icon = ICONS[section];
              return (
                <Tabs.Tab
                  key={section}
                  value={section}
                  leftSection={<Icon size={18} aria-hidden />}
                >
                  {t(`tabs.${section}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </nav>
        <div>
          <Tabs.Panel value="profile">
            <ProfileSection me={me} />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecuritySection me={me} />
          </Tabs.Panel>
          <Tabs.Panel value="sessions">
            <SessionsSection />
          </Tabs.Panel>
          <Tabs.Panel value="tokens">
            <ApiTokensSection />
          </Tabs.Panel>
          <Tabs.Panel value="data">
            <DataSection />
          </Tabs.Panel>
          <Tabs.Panel value="welcome">
            <WelcomeSection />
          </Tabs.Panel>
          <Tabs.Panel value="orders">
            <OrdersSection />
          </Tabs.Panel>
          {me.role === 'admin' ? (
            <Tabs.Panel value="outbox">
              <OutboxSection />
            </Tabs.Panel>
          ) : null}
          {me.role === 'admin' ? (
            <Tabs.Panel value="contact">
              <ContactAdminSection />
            </Tabs.Panel>
          ) : null}
          {me.role === 'admin' ? (
            <Tabs.Panel value="shop">
              <ShopAdminSection />
            </Tabs.Panel>
          ) : null}
        </div>
      </div>
    </Tabs>
  );
}
