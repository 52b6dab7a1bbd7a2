import { Avatar, UnstyledButton } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from '../i18n/react';
import { useMe } from '../lib/session';

/** The header's account button: the traveller's initials (or an icon), naming the menu. */
export function AccountButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const name = me?.name.trim() || undefined;
  return (
    <UnstyledButton aria-label={t('nav.accountMenu')} aria-haspopup="menu" {...props}>
      {name ? (
        <Avatar name={name} color="jam" variant="filled" radius="xl" size={36} />
      ) : (
        <Avatar color="jam" radius="xl" size={36}>
          <IconUserCircle size={22} aria-hidden />
        </Avatar>
      )}
    </UnstyledButton>
  );
}
