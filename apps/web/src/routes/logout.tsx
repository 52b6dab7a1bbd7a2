import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, useNavigate } from 'react-router';
import { callAuth, toAuthFailure, type AuthFailure } from '../features/auth/lib/auth-errors';
import { authClient } from '../lib/auth-client';
import { AuthCard } from '../features/auth/components/auth-card';
import { FormAlert } from '../features/auth/components/form-alert';
import { meQuery, resetSession } from '../lib/session';
import { useLanguage } from '../i18n/use-language';
import { clearOutbox, outboxEntries } from '../lib/outbox';

/** How long "signed out" stays on screen before the home page. */
const SHOW_SIGNED_OUT_MS = 1500;

type State = 'confirm' | 'signing-out' | 'signed-out' | 'already-out' | 'failed';

/**
 * Signs out on arrival, forgets everything cached for the traveller, says so briefly and goes
 * home. A visitor who was not signed in just reads that they are signed out.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { to } = useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Only a visitor known to be anonymous is "already out"; when it is not known (the check of
  // the session failed), signing out is tried, and a failure says so with a retry.
  // Changes made offline and not yet sent would be lost: ask first.
  const [state, setState] = useState<State>(() =>
    queryClient.getQueryData(meQuery.queryKey) === null
      ? 'already-out'
      : outboxEntries().length > 0
        ? 'confirm'
        : 'signing-out',
  );
  const [waiting] = useState(() => outboxEntries().length);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const signingOut = state === 'signing-out';

  useEffect(() => {
    if (!signingOut) return;
    let cancelled = false;
    callAuth((fetchOptions) => authClient.signOut({ fetchOptions }))
      .then(() => clearOutbox())
      // Signed out is signed out: the cache is emptied at once, and learning who is here now
      // can wait for the next page if it fails.
      .then(() => resetSession(queryClient).catch(() => undefined))
      .then(
        () => {
          if (!cancelled) setState('signed-out');
        },
        (error: unknown) => {
          if (cancelled) return;
          setFailure(toAuthFailure(error));
          setState('failed');
        },
      );
    return () => {
      cancelled = true;
    };
  }, [signingOut, queryClient]);

  useEffect(() => {
    if (state !== 'signed-out') return;
    const timer = window.setTimeout(
      () => void navigate(to('/'), { replace: true }),
      SHOW_SIGNED_OUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state, navigate, to]);

  return (
    <AuthCard routeId="logout" icon={<IconLogout size={26} />}>
      <Stack gap="md" aria-live="polite">
        {state === 'confirm' ? (
          <Stack gap="sm" data-testid="logout-outbox-warning">
            <Text fw={500}>{t('logout.outboxWarning', { count: waiting })}</Text>
            <Group gap="md">
              <Button color="red" onClick={() => setState('signing-out')}>
                {t('logout.discardAndSignOut')}
              </Button>
              <Button variant="default" onClick={() => void navigate(-1)}>
                {t('logout.stay')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {state === 'signing-out' ? (
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>{t('logout.signingOut')}</Text>
          </Group>
        ) : null}
        {state === 'signed-out' || state === 'already-out' ? (
          <Text fw={500}>{t('logout.done')}</Text>
        ) : null}
        {state === 'signed-out' ? (
          <Text size="sm" c="gray.7">
            {t('logout.redirecting')}
          </Text>
        ) : null}
        {state === 'failed' ? (
          <FormAlert failure={failure}>
            <Button variant="default" size="sm" onClick={() => setState('signing-out')}>
              {t('logout.retry')}
            </Button>
          </FormAlert>
        ) : null}
        {state === 'already-out' || state === 'signed-out' ? (
          <Group gap="md">
            <Button component={Link} to={to('/')} size="md">
              {t('logout.home')}
            </Button>
            <Anchor component={Link} to={to('/login/start')} fw={600}>
              {t('logout.signInAgain')}
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </AuthCard>
  );
}
