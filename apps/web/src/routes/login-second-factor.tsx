import { Anchor } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { SecondFactorForm } from '../features/auth/components/second-factor-form';
import { useAuthRedirect } from '../features/auth/components/use-auth-redirect';

/** The second step of a sign-in, for an account protected by an authenticator app. */
export function Component() {
  const { t } = useTranslation('second-factor');
  const { link } = useAuthRedirect();
  return (
    <AuthCard
      routeId="login-second-factor"
      icon={<IconShieldLock size={26} />}
      intro={t('signIn.intro')}
      footer={
        <Anchor component={Link} to={link('/login/start')} fw={600} inherit>
          {t('signIn.startAgain')}
        </Anchor>
      }
    >
      <SecondFactorForm />
    </AuthCard>
  );
}
