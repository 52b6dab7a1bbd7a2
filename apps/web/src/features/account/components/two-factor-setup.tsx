import { Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useConfirmTwoFactor, useEnableTwoFactor, type TwoFactorSetup } from '../api/two-factor';
import {
  accountFormOptions,
  confirmTwoFactorSchema,
  enableTwoFactorSchema,
} from '../lib/form-schemas';
import { ProblemAlert } from './problem-alert';
import { QrCode } from '../../../components/second-factor/qr-code';

/** The secret in groups of four, as it is easiest to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Step one: the password (or, without one, nothing: the server asks a recent sign-in). */
export function StartTwoFactor({
  hasPassword,
  onStarted,
}: {
  hasPassword: boolean;
  onStarted: (setup: TwoFactorSetup) => void;
}) {
  const { t } = useTranslation(['second-factor', 'account']);
  const enable = useEnableTwoFactor();
  const form = useForm({
    ...accountFormOptions(['currentPassword'] as const),
    initialValues: { currentPassword: '' },
    schema: enableTwoFactorSchema,
    toBody: (values) => ({ password: values.currentPassword }),
    fieldsOfBody: { password: 'currentPassword' },
    submit: async (body) => onStarted(await enable.mutateAsync(body)),
  });
  const summed = form.failure !== null && !form.errorOf('currentPassword') ? form.failure : null;
  return (
    <form {...form.formProps}>
      <Stack gap="md" maw={520}>
        {hasPassword ? (
          <PasswordInput
            {...form.field('currentPassword')}
            label={t('account:fields.currentPassword')}
            description={t('setup.passwordHelp')}
            autoComplete="current-password"
            required
          />
        ) : (
          <Text size="sm" c="gray.8">
            {t('setup.noPasswordHelp')}
          </Text>
        )}
        {summed !== null && <ProblemAlert error={summed} />}
        <SubmitBar label={t('setup.start')} submitting={form.submitting} size="sm" align="start" />
      </Stack>
    </form>
  );
}

/** Step two: the QR code and the secret to type, then the app's first code confirms it. */
export function ConfirmTwoFactor({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['second-factor', 'account']);
  const confirm = useConfirmTwoFactor();
  const secret = new URL(setup.totpURI).searchParams.get('secret') ?? '';
  const form = useForm({
    ...accountFormOptions(['code'] as const),
    initialValues: { code: '' },
    schema: confirmTwoFactorSchema,
    submit: async (body) => {
      await confirm.mutateAsync(body);
      onConfirmed();
    },
  });
  const summed = form.failure !== null && !form.errorOf('code') ? form.failure : null;
  return (
    <Stack gap="md" maw={520}>
      <Text size="sm">{t('setup.scan')}</Text>
      <Group align="flex-start" gap="lg">
        <QrCode value={setup.totpURI} label={t('setup.qrLabel')} />
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Text size="sm" fw={600} id="two-factor-secret-label">
            {t('setup.secretLabel')}
          </Text>
          <Code
            block
            dir="ltr"
            aria-labelledby="two-factor-secret-label"
            data-testid="two-factor-secret"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', fontSize: 15 }}
          >
            {grouped(secret)}
          </Code>
          <Text size="xs" c="gray.8">
            {t('setup.secretHelp')}
          </Text>
        </Stack>
      </Group>
      <form {...form.formProps}>
        <Stack gap="md">
          <TextInput
            {...form.field('code')}
            label={t('setup.code')}
            description={t('setup.codeHelp')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            dir="ltr"
            required
          />
          {summed !== null && <ProblemAlert error={summed} />}
          <SubmitBar
            label={t('setup.confirm')}
            submitting={form.submitting}
            size="sm"
            align="start"
            cancel={{ label: t('setup.cancel'), onClick: onCancel }}
          />
        </Stack>
      </form>
    </Stack>
  );
}
