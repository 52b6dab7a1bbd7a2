import { Button, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toAuthFailure, type AuthFailure } from '../lib/auth-errors';
import { useCooldown } from './use-cooldown';
import { FormAlert, Notice } from './form-alert';

/** Seconds before the same mail may be asked for again (the server also limits it). */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * "Check your inbox": what was sent where, a hint about spam, and a button to send it again
 * once a short wait has passed (the first mail has only just left).
 */
export function EmailSent({
  message,
  onResend,
  children,
}: {
  message: ReactNode;
  onResend: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, true);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [resent, setResent] = useState(false);
  const resend = useMutation({
    mutationFn: onResend,
    onMutate: () => {
      setFailure(null);
      setResent(false);
    },
    onSuccess: () => {
      setResent(true);
      cooldown.start();
    },
    onError: (error) => setFailure(toAuthFailure(error)),
  });
  const waiting = cooldown.remaining > 0;

  return (
    <Stack gap="md">
      {/* A long e-mail address must wrap rather than overflow a phone's screen. */}
      <Text style={{ overflowWrap: 'anywhere' }}>{message}</Text>
      <Text size="sm" c="gray.7">
        {t('common.spamHint')}
      </Text>
      {resent ? <Notice>{t('common.resent')}</Notice> : null}
      <FormAlert failure={failure} />
      <Button
        variant="default"
        size="md"
        leftSection={<IconSend size={18} aria-hidden />}
        onClick={() => resend.mutate()}
        loading={resend.isPending}
        disabled={waiting}
      >
        {waiting ? t('common.resendIn', { seconds: cooldown.remaining }) : t('common.resend')}
      </Button>
      {children}
    </Stack>
  );
}
