import type { Invitation } from '@jammy/shared/sharing';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { useResendInvitation, useWithdrawInvitation } from '../api/members';
import { ConfirmAction } from './confirm-action';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { dateTimeFormat } from '../../../lib/intl';

const dateFormat = (language: string) => dateTimeFormat(language, { dateStyle: 'medium' });

/** Invitations not yet accepted: resend (a fresh 14 days) or withdraw. */
export function InvitationsList({
  itineraryId,
  invitations,
}: {
  itineraryId: string;
  invitations: Invitation[];
}) {
  const { t } = useTranslation('sharing');
  const { language } = useLanguage();
  const resend = useResendInvitation(itineraryId);
  const withdraw = useWithdrawInvitation(itineraryId);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  // The dialog keeps its words while it closes.
  const [asking, setAsking] = useState(false);
  const [resent, setResent] = useState<string | null>(null);
  const format = dateFormat(language);
  if (invitations.length === 0) return null;

  return (
    <Stack gap="xs">
      <Text fw={700} size="sm" id="invitations-title">
        {t('invitations.title')}
      </Text>
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="invitations-title"
      >
        {invitations.map((invitation) => (
          <Group component="li" key={invitation.id} justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} truncate="end">
                <bdi>{invitation.email}</bdi>
              </Text>
              <Group gap={6}>
                <Text size="xs" c="gray.8">
                  {t(`roles.${invitation.role}`)} ·{' '}
                  {invitation.expired
                    ? t('invitations.expiredOn', {
                        date: format.format(new Date(invitation.expiresAt)),
                      })
                    : t('invitations.expires', {
                        date: format.format(new Date(invitation.expiresAt)),
                      })}
                </Text>
                {invitation.expired && (
                  <Badge size="xs" color="red.9" variant="outline">
                    {t('invitations.expired')}
                  </Badge>
                )}
              </Group>
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={resend.isPending && resend.variables === invitation.id}
                aria-label={t('invitations.resendTo', { email: invitation.email })}
                onClick={() =>
                  resend.mutate(invitation.id, { onSuccess: () => setResent(invitation.email) })
                }
              >
                {t('invitations.resend')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red.8"
                leftSection={<IconX size={14} aria-hidden />}
                aria-label={t('invitations.withdrawFrom', { email: invitation.email })}
                onClick={() => {
                  setWithdrawing(invitation);
                  setAsking(true);
                }}
              >
                {t('invitations.withdraw')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <div role="status">
        {resent && (
          <Text size="sm" c="green.9">
            {t('invite.sent', { email: resent })}
          </Text>
        )}
      </div>
      {(resend.error ?? withdraw.error) && <ProblemAlert error={resend.error ?? withdraw.error} />}
      <ConfirmAction
        opened={asking}
        title={t('confirm.withdraw.title')}
        message={t('confirm.withdraw.text', { email: withdrawing?.email ?? '' })}
        confirm={t('confirm.withdraw.confirm')}
        pending={withdraw.isPending}
        onConfirm={() => {
          if (withdrawing) withdraw.mutate(withdrawing.id, { onSettled: () => setAsking(false) });
        }}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
