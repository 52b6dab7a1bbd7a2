import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconKey, IconMailCheck, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from '../i18n/react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callAuth } from '../features/auth/lib/auth-errors';
import { authClient } from '../lib/auth-client';
import { AuthCard } from '../features/auth/components/auth-card';
import { EmailRequestForm } from '../features/auth/components/email-request-form';
import { EmailSent } from '../features/auth/components/email-sent';
import { ErrorAlert } from '../features/auth/components/form-alert';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { useAuthRedirect } from '../features/auth/components/use-auth-redirect';

type Step = 'request' | 'sent' | 'reset' | 'done' | 'invalid';

/**
 * Forgotten password: ask for a link (the same answer whether the account exists); the link
 * comes back here with `?token=` to choose a new password, or `?error=` when it is no good.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { link } = useAuthRedirect();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [step, setStep] = useState<Step>(() =>
    params.has('error') ? 'invalid' : token ? 'reset' : 'request',
  );
  const [sentTo, setSentTo] = useState('');

  const requestReset = (email: string) =>
    callAuth((fetchOptions) =>
      authClient.requestPasswordReset({
        email,
        // better-auth sends the link's visitor back here, with ?token= or ?error=.
        redirectTo: `${window.location.origin}${link('/forgot-password')}`,
        fetchOptions,
      }),
    );

  const backToSignIn = (
    <Anchor component={Link} to={link('/login')} fw={600} inherit>
      {t('common.backToSignIn')}
    </Anchor>
  );

  if (step === 'reset' && token) {
    return (
      <AuthCard
        routeId="forgot-password"
        icon={<IconKey size={26} />}
        intro={t('forgot.resetIntro')}
      >
        <ResetPasswordForm
          token={token}
          onDone={() => setStep('done')}
          onInvalidLink={() => setStep('invalid')}
        />
      </AuthCard>
    );
  }

  if (step === 'done') {
    return (
      <AuthCard routeId="forgot-password" icon={<IconCircleCheck size={26} />}>
        <Stack gap="md">
          <Text role="status">{t('forgot.done')}</Text>
          <Button component={Link} to={link('/login')} size="md">
            {t('forgot.signIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (step === 'sent') {
    return (
      <AuthCard routeId="forgot-password" icon={<IconMailCheck size={26} />} footer={backToSignIn}>
        <EmailSent
          message={
            <Trans
              ns="auth"
              i18nKey="forgot.sent"
              values={{ email: sentTo }}
              components={{ strong: <strong dir="ltr" /> }}
            />
          }
          onResend={() => requestReset(sentTo)}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      routeId="forgot-password"
      icon={<IconKey size={26} />}
      intro={t('forgot.intro')}
      footer={backToSignIn}
    >
      {step === 'invalid' ? <ErrorAlert>{t('forgot.linkInvalid')}</ErrorAlert> : null}
      <EmailRequestForm
        submitLabel={step === 'invalid' ? t('forgot.askAgain') : t('forgot.submit')}
        send={requestReset}
        onSent={(email) => {
          setSentTo(email);
          setStep('sent');
          // Drop the spent ?token= or ?error= so a reload does not show it again.
          if (token || params.has('error'))
            void navigate(link('/forgot-password'), { replace: true });
        }}
      />
    </AuthCard>
  );
}
