import type { Me } from '@jammy/shared/account';
import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useDisableTwoFactor, type TwoFactorSetup } from '../api/two-factor';
import { accountFormOptions, disableTwoFactorSchema } from '../lib/form-schemas';
import { BackupCodes } from '../../../components/second-factor/backup-codes';
import { ProblemAlert } from './problem-alert';
import { SectionCard } from './section-card';
import { ConfirmTwoFactor, StartTwoFactor } from './two-factor-setup';

type Step =
  | { name: 'idle' }
  | { name: 'start' }
  | { name: 'confirm'; setup: TwoFactorSetup }
  | { name: 'codes'; codes: string[] };

/** Turning it off: a current code from the app, and the password when there is one. */
function DisableTwoFactorForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation(['second-factor', 'account']);
  const disable = useDisableTwoFactor();
  const form = useForm({
    ...accountFormOptions(['code', 'currentPassword'] as const),
    initialValues: { code: '', currentPassword: '' },
    schema: disableTwoFactorSchema,
    toBody: (values) => ({ code: values.code, password: values.currentPassword }),
    fieldsOfBody: { password: 'currentPassword' },
    submit: (body) => disable.mutateAsync(body),
  });
  const summed =
    form.failure !== null && !form.errorOf('code') && !form.errorOf('currentPassword')
      ? form.failure
      : null;
  return (
    <form {...form.formProps}>
      <Stack gap="md" maw={520}>
        <Text size="sm" c="gray.8">
          {t('setup.disableText')}
        </Text>
        <TextInput
          {...form.field('code')}
          label={t('setup.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          dir="ltr"
          required
        />
        {hasPassword ? (
          <PasswordInput
            {...form.field('currentPassword')}
            label={t('account:fields.currentPassword')}
            autoComplete="current-password"
            required
          />
        ) : null}
        {summed !== null && <ProblemAlert error={summed} />}
        <SubmitBar
          label={t('setup.disable')}
          submitting={form.submitting}
          size="sm"
          align="start"
          variant="default"
        />
      </Stack>
    </form>
  );
}

/**
 * Authenticator codes on the account page: off (set one up), being set up (password, QR code
 * and first code, then the backup codes shown once), or on (turn it off with a code).
 */
export function TwoFactorCard({ me, hasPassword }: { me: Me; hasPassword: boolean }) {
  const { t } = useTranslation(['second-factor', 'account']);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const on = me.twoFactorEnabled;
  return (
    <SectionCard id="two-factor-card" title={t('setup.title')} description={t('setup.text')}>
      <Group gap="xs">
        <Badge
          color={on ? 'teal.9' : 'ink'}
          variant="outline"
          leftSection={on ? <IconShieldCheck size={14} aria-hidden /> : undefined}
          data-testid="two-factor-state"
        >
          {on ? t('setup.on') : t('setup.off')}
        </Badge>
      </Group>
      {step.name === 'codes' ? (
        <Stack gap="sm" align="flex-start">
          <BackupCodes codes={step.codes} />
          <Button size="sm" onClick={() => setStep({ name: 'idle' })}>
            {t('setup.done')}
          </Button>
        </Stack>
      ) : on ? (
        <DisableTwoFactorForm hasPassword={hasPassword} />
      ) : step.name === 'confirm' ? (
        <ConfirmTwoFactor
          setup={step.setup}
          onConfirmed={() => setStep({ name: 'codes', codes: step.setup.backupCodes })}
          onCancel={() => setStep({ name: 'idle' })}
        />
      ) : step.name === 'start' ? (
        <StartTwoFactor
          hasPassword={hasPassword}
          onStarted={(setup) => setStep({ name: 'confirm', setup })}
        />
      ) : (
        <Button
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setStep({ name: 'start' })}
        >
          {t('setup.setUp')}
        </Button>
      )}
    </SectionCard>
  );
}
