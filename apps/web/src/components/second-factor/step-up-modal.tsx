import { Alert, Anchor, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { apiRequest } from '../../lib/api-client';
import { useMe } from '../../lib/session';
import { ProblemAlert } from '../form/problem-alert';
import { SubmitBar } from '../form/submit-bar';
import { useForm } from '../form/use-form';
import { PasskeyNotUsed, stepUpPasskeysQuery, stepUpWithPasskey } from './step-up-passkey';

type Proof = 'passkey' | 'password' | 'code';

// The shared rule, loaded with the dialog's first answer rather than with the page.
const stepUpSchema = () => import('@jammy/shared/step-up').then((module) => module.stepUpSchema);

/**
 * "Confirm it's you": a passkey (offered first when the traveller holds one), the password, or
 * a code of the authenticator app, sent to POST /api/me/step-up; `onDone(true)` once the
 * server took it, `onDone(false)` when closed.
 */
export function StepUpModal({ onDone }: { onDone: (proved: boolean) => void }) {
  const { t } = useTranslation('second-factor');
  const { to } = useLanguage();
  const { data: me } = useMe();
  const passkeys = useQuery(stepUpPasskeysQuery);
  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  // Until the traveller picks a way, a passkey is the first one offered when they hold one.
  const [picked, setPicked] = useState<Proof | null>(null);
  const proof: Proof = picked ?? (hasPasskey ? 'passkey' : 'password');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyFailure, setPasskeyFailure] = useState<unknown>(null);
  const form = useForm({
    ns: 'second-factor',
    messages: {
      password: { required: 'stepUp.passwordRequired' },
      code: { required: 'stepUp.codeRequired', invalid: 'stepUp.codeRequired' },
    },
    initialValues: { password: '', code: '' },
    schema: stepUpSchema,
    toBody: (values) =>
      proof === 'password'
        ? { password: values.password }
        : { code: values.code.replace(/\s/g, '') },
    submit: async (body) => {
      await apiRequest<undefined>('/api/me/step-up', { method: 'POST', body });
      onDone(true);
    },
  });
  const confirmWithPasskey = (event: FormEvent) => {
    event.preventDefault();
    if (passkeyBusy) return;
    setPasskeyBusy(true);
    setPasskeyFailure(null);
    stepUpWithPasskey().then(
      () => onDone(true),
      (error: unknown) => {
        setPasskeyBusy(false);
        setPasskeyFailure(error);
      },
    );
  };
  /** The other ways to confirm than the one on screen. */
  const others = (['passkey', 'password', 'code'] as const).filter(
    (way) =>
      way !== proof &&
      (way !== 'passkey' || hasPasskey) &&
      (way !== 'code' || me?.twoFactorEnabled === true),
  );
  const otherLabel = {
    passkey: t('stepUp.withPasskey'),
    password: t('stepUp.withPassword'),
    code: t('stepUp.withCode'),
  };
  const failure = proof === 'passkey' ? passkeyFailure : form.failure;
  return (
    <Modal
      opened
      onClose={() => onDone(false)}
      title={t('stepUp.title')}
      closeButtonProps={{ 'aria-label': t('setup.cancel') }}
      centered
    >
      <form
        {...form.formProps}
        onSubmit={proof === 'passkey' ? confirmWithPasskey : form.formProps.onSubmit}
      >
        <Stack gap="md">
          <Text size="sm">{proof === 'passkey' ? t('stepUp.passkeyText') : t('stepUp.text')}</Text>
          {proof === 'passkey' ? null : proof === 'password' ? (
            <PasswordInput
              {...form.field('password')}
              label={t('stepUp.password')}
              autoComplete="current-password"
              data-autofocus
              required
            />
          ) : (
            <TextInput
              {...form.field('code')}
              label={t('stepUp.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              dir="ltr"
              data-autofocus
              required
            />
          )}
          {failure instanceof PasskeyNotUsed ? (
            <Alert color="red" variant="light" radius="md" role="alert">
              <Text size="sm" c="red.9">
                {t('stepUp.passkeyNotUsed')}
              </Text>
            </Alert>
          ) : failure !== null ? (
            <ProblemAlert error={failure} />
          ) : null}
          <SubmitBar
            label={proof === 'passkey' ? t('stepUp.withPasskey') : t('stepUp.confirm')}
            icon={proof === 'passkey' ? <IconFingerprint size={20} aria-hidden /> : undefined}
            submitting={proof === 'passkey' ? passkeyBusy : form.submitting}
            cancel={{ label: t('setup.cancel'), onClick: () => onDone(false) }}
          />
          {others.map((way) => (
            <Anchor
              key={way}
              component="button"
              type="button"
              size="sm"
              fw={600}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setPicked(way)}
            >
              {otherLabel[way]}
            </Anchor>
          ))}
          <Text size="sm" c="gray.8">
            {t('stepUp.noPassword')}{' '}
            <Anchor component={Link} to={to('/logout')} size="sm" fw={600}>
              {t('stepUp.signOut')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
