import type { InvitedRole } from '@jammy/shared/sharing';
import { inviteSchema } from '@jammy/shared/sharing';
import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useInvite } from '../api/members';

/** The owner invites someone by e-mail, as an editor or a viewer; the mail carries the link. */
export function InviteForm({ itineraryId }: { itineraryId: string }) {
  const { t } = useTranslation('sharing');
  const invite = useInvite(itineraryId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const roleLabel = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    ns: 'sharing',
    messages: {
      email: {
        required: 'invite.emailInvalid',
        invalid: 'invite.emailInvalid',
        tooLong: 'invite.emailInvalid',
      },
    },
    initialValues: { email: '', role: 'editor' as InvitedRole },
    schema: inviteSchema,
    toBody: (values) => ({ email: values.email.trim(), role: values.role }),
    submit: async (body) => {
      setSentTo(null);
      await invite.mutateAsync(body);
      setSentTo(body.email);
      form.setValue('email', '');
      emailRef.current?.focus();
    },
  });
  const role = form.field('role');

  return (
    <form {...form.formProps} aria-label={t('invite.title')}>
      <Stack gap="sm">
        <TextInput
          {...form.field('email')}
          ref={emailRef}
          type="email"
          label={t('invite.email')}
          placeholder={t('invite.emailPlaceholder')}
          autoComplete="off"
          required
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={roleLabel}>
            {t('invite.role')}
          </Text>
          <SegmentedControl
            aria-labelledby={roleLabel}
            value={role.value}
            onChange={(value) => role.onChange(value === 'viewer' ? 'viewer' : 'editor')}
            data={[
              { value: 'editor', label: t('roles.editor') },
              { value: 'viewer', label: t('roles.viewer') },
            ]}
            fullWidth
          />
          <Text size="xs" c="gray.8">
            {t(role.value === 'editor' ? 'invite.editorHint' : 'invite.viewerHint')}
          </Text>
        </Stack>
        <SubmitBar
          label={t('invite.send')}
          submitting={form.submitting}
          size="sm"
          icon={<IconSend size={16} aria-hidden />}
        />
        <div role="status">
          {sentTo && (
            <Text size="sm" c="green.9">
              {t('invite.sent', { email: sentTo })}
            </Text>
          )}
        </div>
        {form.failure !== null && <ProblemAlert error={form.failure} />}
      </Stack>
    </form>
  );
}
