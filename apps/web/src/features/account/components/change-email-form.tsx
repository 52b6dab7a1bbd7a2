import type { Me } from '@jammy/shared/account';
import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { useChangeEmail } from '../api/change-email';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { accountFormOptions, changeEmailSchema } from '../lib/form-schemas';
import { ProblemAlert } from './problem-alert';
import { SectionCard } from './section-card';
import { SuccessAlert } from './success-alert';

/** Change (or, for a phone account, add) the e-mail address, confirmed by mail. */
export function ChangeEmailForm({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const { to } = useLanguage();
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A verified address must confirm the change first; otherwise the new one is verified directly.
  const confirmsFirst = me.email !== null && me.emailVerified;
  const form = useForm({
    ...accountFormOptions(['newEmail'] as const),
    initialValues: { newEmail: '' },
    schema: changeEmailSchema(me.email),
    submit: async (_body, values) => {
      const typed = values.newEmail.trim();
      setSentTo(null);
      await change.mutateAsync({ newEmail: typed, callbackURL: `${to('/account')}#security` });
      setSentTo(typed);
      form.setValues({ newEmail: '' });
    },
  });

  return (
    <SectionCard
      id="email-card"
      title={me.email ? t('email.title') : t('email.addTitle')}
      description={confirmsFirst ? t('email.howConfirmed') : t('email.howVerified')}
    >
      {me.email ? (
        <Group gap="xs">
          <Text size="sm" c="gray.8">
            {t('email.current')}
          </Text>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {me.email}
          </Text>
          {me.emailVerified ? (
            <Badge color="teal.9" variant="outline">
              {t('email.verified')}
            </Badge>
          ) : (
            <Badge color="red.9" variant="outline">
              {t('email.unverified')}
            </Badge>
          )}
        </Group>
      ) : null}
      <form {...form.formProps}>
        <Stack gap="md" maw={520}>
          <TextInput
            {...form.field('newEmail')}
            type="email"
            label={t('fields.newEmail')}
            autoComplete="email"
            required
          />
          {form.failure !== null && <ProblemAlert error={form.failure} />}
          {sentTo ? (
            <SuccessAlert title={t('email.sentTitle')}>
              {confirmsFirst
                ? t('email.sentConfirm', { current: me.email, next: sentTo })
                : t('email.sentVerify', { next: sentTo })}
            </SuccessAlert>
          ) : null}
          <SubmitBar
            label={t('email.submit')}
            submitting={form.submitting}
            size="sm"
            align="start"
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
