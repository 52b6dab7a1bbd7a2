import type { Me } from '@jammy/shared/account';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { useChangeEmail } from '../api/change-email';
import { AccountProblem } from '../api/problem';
import { ProblemAlert } from './problem-alert';
import { SectionCard } from './section-card';
import { SuccessAlert } from './success-alert';

// Deliberately loose: the server checks for real, this catches typos before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Change (or, for a phone account, add) the e-mail address, confirmed by mail. */
export function ChangeEmailForm({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const { to } = useLanguage();
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A verified address must confirm the change first; otherwise the new one is verified directly.
  const confirmsFirst = me.email !== null && me.emailVerified;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = newEmail.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setInputError(t('email.invalid'));
      return;
    }
    if (me.email && value.toLowerCase() === me.email.toLowerCase()) {
      setInputError(t('errors.same-email'));
      return;
    }
    setInputError(null);
    setSentTo(null);
    change.mutate(
      { newEmail: value, callbackURL: `${to('/account')}#security` },
      {
        onSuccess: () => {
          setSentTo(value);
          setNewEmail('');
        },
      },
    );
  }

  const serverFieldError =
    change.error instanceof AccountProblem &&
    (change.error.kind === 'email-in-use' ||
      change.error.kind === 'same-email' ||
      (change.error.kind === 'invalid' && change.error.extra.fields?.includes('newEmail')))
      ? t('validation.notAccepted')
      : null;

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
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={520}>
          <TextInput
            type="email"
            label={t('fields.newEmail')}
            value={newEmail}
            onChange={(event) => setNewEmail(event.currentTarget.value)}
            error={inputError ?? serverFieldError}
            autoComplete="email"
            required
          />
          {change.error ? <ProblemAlert error={change.error} /> : null}
          {sentTo ? (
            <SuccessAlert title={t('email.sentTitle')}>
              {confirmsFirst
                ? t('email.sentConfirm', { current: me.email, next: sentTo })
                : t('email.sentVerify', { next: sentTo })}
            </SuccessAlert>
          ) : null}
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
