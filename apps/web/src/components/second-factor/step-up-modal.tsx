import { Anchor, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { apiRequest } from '../../lib/api-client';
import { useMe } from '../../lib/session';
import { ProblemAlert } from '../form/problem-alert';
import { SubmitBar } from '../form/submit-bar';
import { useForm } from '../form/use-form';

type Proof = 'password' | 'code';

// The shared rule, loaded with the dialog's first answer rather than with the page.
const stepUpSchema = () => import('@jammy/shared/account').then((module) => module.stepUpSchema);

/**
 * "Confirm it's you": the password, or a code of the authenticator app, sent to
 * POST /api/me/step-up; `onDone(true)` once the server took it, `onDone(false)` when closed.
 */
export function StepUpModal({ onDone }: { onDone: (proved: boolean) => void }) {
  const { t } = useTranslation('second-factor');
  const { to } = useLanguage();
  const { data: me } = useMe();
  const [proof, setProof] = useState<Proof>('password');
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
  return (
    <Modal
      opened
      onClose={() => onDone(false)}
      title={t('stepUp.title')}
      closeButtonProps={{ 'aria-label': t('setup.cancel') }}
      centered
    >
      <form {...form.formProps}>
        <Stack gap="md">
          <Text size="sm">{t('stepUp.text')}</Text>
          {proof === 'password' ? (
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
          {form.failure !== null ? <ProblemAlert error={form.failure} /> : null}
          <SubmitBar
            label={t('stepUp.confirm')}
            submitting={form.submitting}
            cancel={{ label: t('setup.cancel'), onClick: () => onDone(false) }}
          />
          {me?.twoFactorEnabled ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setProof(proof === 'password' ? 'code' : 'password')}
            >
              {proof === 'password' ? t('stepUp.withCode') : t('stepUp.withPassword')}
            </Anchor>
          ) : null}
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
