import { Anchor, Button, Collapse, Stack } from '@mantine/core';
import { IconDeviceMobileMessage, IconLink, IconLock, IconLogin2 } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { ErrorAlert } from '../features/auth/components/form-alert';
import { FederatedButtons } from '../features/auth/components/federated-buttons';
import { PhoneSignIn } from '../features/auth/components/phone-sign-in';
import { redirectHasError } from '../features/auth/lib/auth-redirect';
import { useAuthRedirect } from '../features/auth/components/use-auth-redirect';

/**
 * Choose how to sign in: every method this installation offers, each keeping `?redirect=`.
 * The phone method unfolds here (number, then code); the others have their own page or
 * leave for the provider.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { link, redirect } = useAuthRedirect();
  const [params] = useSearchParams();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const phonePanelId = useId();
  // A federated sign-in that failed comes back with ?error=… (better-auth's errorCallbackURL).
  const federationError = params.get('error');
  // A confirmation link that no longer works sends its (signed-out) visitor here, with the
  // error inside the page it was meant to open.
  const linkError = !federationError && redirectHasError(redirect);

  return (
    <AuthCard
      routeId="login-start"
      icon={<IconLogin2 size={26} />}
      intro={t('loginStart.intro')}
      footer={
        <>
          {t('common.noAccount')}{' '}
          <Anchor component={Link} to={link('/register')} fw={600} inherit>
            {t('common.createAccount')}
          </Anchor>
        </>
      }
    >
      {federationError ? (
        <ErrorAlert code={federationError}>{t('errors.federationFailed')}</ErrorAlert>
      ) : null}
      {linkError ? <ErrorAlert>{t('loginStart.linkExpired')}</ErrorAlert> : null}
      <Stack gap="sm">
        <Button
          component={Link}
          to={link('/login')}
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconLock size={20} aria-hidden />}
        >
          {t('loginStart.password')}
        </Button>
        <Button
          component={Link}
          to={link('/send-email')}
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconLink size={20} aria-hidden />}
        >
          {t('loginStart.emailLink')}
        </Button>
        <Button
          variant={phoneOpen ? 'light' : 'default'}
          size="md"
          fullWidth
          leftSection={<IconDeviceMobileMessage size={20} aria-hidden />}
          aria-expanded={phoneOpen}
          aria-controls={phonePanelId}
          onClick={() => setPhoneOpen((open) => !open)}
        >
          {t('loginStart.phone')}
        </Button>
        <Collapse expanded={phoneOpen} id={phonePanelId}>
          {phoneOpen ? (
            <Stack pt="xs" pb="sm">
              <PhoneSignIn />
            </Stack>
          ) : null}
        </Collapse>
      </Stack>
      <FederatedButtons />
    </AuthCard>
  );
}
