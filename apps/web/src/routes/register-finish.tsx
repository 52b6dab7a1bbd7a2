import { Anchor, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from '../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { callAuth } from '../features/auth/lib/auth-errors';
import { authClient } from '../lib/auth-client';
import { DEFAULT_AFTER_SIGN_UP } from '../features/auth/lib/auth-redirect';
import { AuthCard } from '../features/auth/components/auth-card';
import { EmailSent } from '../features/auth/components/email-sent';
import { useAuthRedirect } from '../features/auth/components/use-auth-redirect';

/** After signing up: check your inbox, with a way to send the mail again or change address. */
export function Component() {
  const { t } = useTranslation('auth');
  const { link, target } = useAuthRedirect();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';

  const footer = (
    <>
      {t('registerFinish.wrongAddress')}{' '}
      <Anchor component={Link} to={link('/register')} fw={600} inherit>
        {t('registerFinish.changeAddress')}
      </Anchor>
    </>
  );

  if (!email) {
    return (
      <AuthCard routeId="register-finish" icon={<IconMailCheck size={26} />} footer={footer}>
        <Text>{t('registerFinish.introNoEmail')}</Text>
        <Anchor component={Link} to={link('/send-email', { mode: 'verify' })} fw={600}>
          {t('registerFinish.resendOther')}
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard routeId="register-finish" icon={<IconMailCheck size={26} />} footer={footer}>
      <EmailSent
        message={
          <Trans
            ns="auth"
            i18nKey="registerFinish.intro"
            values={{ email }}
            components={{ strong: <strong dir="ltr" /> }}
          />
        }
        onResend={() =>
          callAuth((fetchOptions) =>
            authClient.sendVerificationEmail({
              email,
              callbackURL: target(DEFAULT_AFTER_SIGN_UP),
              fetchOptions,
            }),
          )
        }
      />
    </AuthCard>
  );
}
