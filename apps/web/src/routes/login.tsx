import { Anchor } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { PasskeySignIn } from '../features/auth/components/passkey-sign-in';
import { useAuthRedirect } from '../features/auth/components/use-auth-redirect';

/** Sign in with e-mail and password, or with a passkey. */
export function Component() {
  const { t } = useTranslation('auth');
  const { link } = useAuthRedirect();
  return (
    <AuthCard
      routeId="login"
      icon={<IconLock size={26} />}
      intro={t('login.intro')}
      footer={
        <>
          <Anchor component={Link} to={link('/login/start')} fw={600} inherit>
            {t('common.otherWays')}
          </Anchor>
          {' · '}
          <Anchor component={Link} to={link('/register')} fw={600} inherit>
            {t('common.createAccount')}
          </Anchor>
        </>
      }
    >
      <LoginForm />
      <PasskeySignIn />
    </AuthCard>
  );
}
