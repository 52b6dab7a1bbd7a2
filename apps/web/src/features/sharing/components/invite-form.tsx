import type { InvitedRole } from '@jammy/shared/sharing';
import { inviteSchema } from '@jammy/shared/sharing';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useInvite } from '../api/members';
import { SharingProblem } from './sharing-problem';

/** The owner invites someone by e-mail, as an editor or a viewer; the mail carries the link. */
export function InviteForm({ itineraryId }: { itineraryId: string }) {
  const { t } = useTranslation('sharing');
  const invite = useInvite(itineraryId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole>('editor');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const roleLabel = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const parsed = inviteSchema.safeParse({ email: email.trim(), role });
    if (!parsed.success) {
      setEmailError(t('invite.emailInvalid'));
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    try {
      await invite.mutateAsync(parsed.data);
      setSentTo(parsed.data.email);
      setEmail('');
      emailRef.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setEmailError(t('invite.emailInvalid'));
        emailRef.current?.focus();
      }
    }
  };

  const serverProblem =
    invite.error && !(invite.error instanceof ApiError && invite.error.status === 400)
      ? invite.error
      : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('invite.title')}>
      <Stack gap="sm">
        <TextInput
          ref={emailRef}
          type="email"
          label={t('invite.email')}
          placeholder={t('invite.emailPlaceholder')}
          autoComplete="off"
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={roleLabel}>
            {t('invite.role')}
          </Text>
          <SegmentedControl
            aria-labelledby={roleLabel}
            value={role}
            onChange={(value) => setRole(value === 'viewer' ? 'viewer' : 'editor')}
            data={[
              { value: 'editor', label: t('roles.editor') },
              { value: 'viewer', label: t('roles.viewer') },
            ]}
            fullWidth
          />
          <Text size="xs" c="gray.8">
            {t(role === 'editor' ? 'invite.editorHint' : 'invite.viewerHint')}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={invite.isPending}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            {t('invite.send')}
          </Button>
        </Group>
        <div role="status">
          {sentTo && (
            <Text size="sm" c="green.9">
              {t('invite.sent', { email: sentTo })}
            </Text>
          )}
        </div>
        {serverProblem && <SharingProblem error={serverProblem} />}
      </Stack>
    </form>
  );
}
