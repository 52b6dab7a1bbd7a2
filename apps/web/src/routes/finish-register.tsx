import { Loader, Stack } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { AuthCard } from '../features/auth/components/auth-card';
import { FinishRegisterForm } from '../features/auth/components/finish-register-form';
import { useMe } from '../lib/session';

/** Completes the profile after a first sign-in by e-mail link, phone or another account. */
export function Component() {
  const { t } = useTranslation('auth');
  const { data: me } = useMe();
  return (
    <AuthCard
      routeId="finish-register"
      icon={<IconUserCheck size={26} />}
      intro={t('finishRegister.intro')}
    >
      {me ? (
        <FinishRegisterForm me={me} />
      ) : (
        <Stack align="center" py="md">
          <Loader role="status" aria-label={t('common.loading')} />
        </Stack>
      )}
    </AuthCard>
  );
}
