import { Anchor, Button } from '@mantine/core';
import { IconLink, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from '../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { callAuth } from '../features/auth/lib/auth-errors';
import { authClient } from '../lib/auth-client';
import { DEFAULT_AFTER_SIGN_UP } from '../features/auth/lib/auth-redirect';
import { AuthCard } from '../features/auth/components/auth-card';
import { EmailRequestForm } from '../features/auth/components/email-request-form';
import { EmailSent } from '../features/auth/components/email-sent';
import { ErrorAlert } from '../features/auth/components/form-alert';
import { useAuthRedirect } from '../features/auth/components/use-auth-redirect';

/**
 * Ask for an e-mail sign-in link (which also creates an account for a new address), or with
 * `?mode=verify&email=` a new link to confirm an address.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { link, target } = useAuthRedirect();
  const [params] = useSearchParams();
  const verify = params.get('mode') === 'verify';
  // A sign-in link that no longer works comes back here with ?error=… (errorCallbackURL).
  const linkError = params.has('error');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = (email: string) =>
    verify
      ? callAuth((fetchOptions) =>
          authClient.sendVerificationEmail({
            email,
            callbackURL: target(DEFAULT_AFTER_SIGN_UP),
            fetchOptions,
          }),
        )
      : callAuth((fetchOptions) =>
          authClient.signIn.magicLink({
            email,
            callbackURL: target(),
            newUserCallbackURL: link('/finish-register'),
            errorCallbackURL: link('/send-email'),
            fetchOptions,
          }),
        );

  const footer = (
    <Anchor component={Link} to={link('/login/start')} fw={600} inherit>
      {t('common.otherWays')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthCard routeId="send-email" icon={<IconMailCheck size={26} />} footer={footer}>
        <EmailSent
          message={
            <Trans
              ns="auth"
              i18nKey={verify ? 'sendEmail.verifySent' : 'sendEmail.sent'}
              values={{ email: sentTo }}
              components={{ strong: <strong dir="ltr" /> }}
            />
          }
          onResend={() => send(sentTo)}
        >
          <Button variant="subtle" size="sm" onClick={() => setSentTo(null)}>
            {t('sendEmail.otherAddress')}
          </Button>
        </EmailSent>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      routeId="send-email"
      icon={<IconLink size={26} />}
      intro={t(verify ? 'sendEmail.verifyIntro' : 'sendEmail.intro')}
      footer={footer}
    >
      {linkError ? <ErrorAlert>{t('sendEmail.linkExpired')}</ErrorAlert> : null}
      <EmailRequestForm
        submitLabel={t(verify ? 'sendEmail.verifySubmit' : 'sendEmail.submit')}
        initialEmail={params.get('email') ?? ''}
        send={send}
        onSent={setSentTo}
      />
    </AuthCard>
  );
}
