import { Anchor } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { RegisterForm } from '../features/auth/components/register-form';
import { useAuthRedirect } from '../features/auth/components/use-auth-redirect';

/** Create an account with name, e-mail and password. */
export function Component() {
  const { t } = useTranslation('auth');
  const { link } = useAuthRedirect();
  return (
    <AuthCard
      routeId="register"
      icon={<IconUserPlus size={26} />}
      intro={t('register.intro')}
      footer={
        <>
          {t('common.haveAccount')}{' '}
          <Anchor component={Link} to={link('/login/start')} fw={600} inherit>
            {t('common.signIn')}
          </Anchor>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
