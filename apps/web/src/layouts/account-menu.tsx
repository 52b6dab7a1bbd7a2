import { Menu, Text } from '@mantine/core';
import {
  IconInbox,
  IconLogout,
  IconMailbox,
  IconSparkles,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { useTakeFocus, type Reached } from '../components/load-on-reach';
import { useMe } from '../lib/session';
import { useLanguage } from '../i18n/use-language';
import { AccountButton } from './account-button';

/**
 * The account menu itself (who is signed in, the account, interests, the booking inbox,
 * sign-out): it replaces the bare account button of the signed-in layout once loaded
 * (LoadOnReach).
 */
export function AccountMenu({ defaultOpened, takeFocus }: Reached) {
  const { t } = useTranslation(['translation', 'account']);
  const { to } = useLanguage();
  const { data: me } = useMe();
  const target = useTakeFocus(takeFocus);
  const name = me?.name.trim() || undefined;
  // Who is signed in: their address, else their phone number (phone-only accounts).
  const contact = me ? (me.email ?? me.phoneNumber) : null;
  return (
    <Menu position="bottom-end" width={260} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton ref={target} />
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
        <Menu.Item
          component={Link}
          to={to('/inbox')}
          leftSection={<IconInbox size={16} aria-hidden />}
        >
          {t('nav.inbox')}
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
  );
}
