import type { Me } from '@jammy/shared/account';
import { Stack } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useLinkedAccounts } from '../api/list-linked-accounts';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { LoadingBlock } from './loading-block';
import { PasskeysCard } from './passkeys-card';
import { SectionCard, SectionHeader } from './section-card';
import { SetPasswordForm } from './set-password-form';
import { SignInMethodsCard } from './sign-in-methods-card';
import { TwoFactorCard } from './two-factor-card';

/** Sign-in and security: e-mail address, password, passkeys, authenticator codes and linked sign-in methods. */
export function SecuritySection({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const accounts = useLinkedAccounts();
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential');

  return (
    <>
      <SectionHeader title={t('tabs.security')} lead={t('security.lead')} />
      <Stack gap="lg">
        <ChangeEmailForm me={me} />
        <SectionCard
          id="password-card"
          title={t('password.title')}
          description={hasPassword === false ? undefined : t('password.text')}
        >
          {accounts.isPending ? (
            <LoadingBlock heights={[120]} />
          ) : hasPassword === false ? (
            <SetPasswordForm />
          ) : (
            <ChangePasswordForm />
          )}
        </SectionCard>
        <PasskeysCard />
        {accounts.isPending ? null : <TwoFactorCard me={me} hasPassword={hasPassword !== false} />}
        <SignInMethodsCard me={me} />
      </Stack>
    </>
  );
}
