import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useSetPassword } from '../api/set-password';
import { accountFormOptions, setPasswordSchema } from '../lib/form-schemas';
import { NewPasswordFields } from './new-password-fields';
import { ProblemAlert } from './problem-alert';

const FIELDS = ['newPassword', 'confirmPassword'] as const;

/** For an account without a password: choose one (then it also signs in with e-mail). */
export function SetPasswordForm() {
  const { t } = useTranslation('account');
  const set = useSetPassword();
  const form = useForm({
    ...accountFormOptions(FIELDS),
    initialValues: { newPassword: '', confirmPassword: '' },
    schema: setPasswordSchema,
    submit: ({ newPassword }) => set.mutateAsync({ newPassword }),
  });

  return (
    <form {...form.formProps}>
      <Stack gap="md" maw={520}>
        <Text size="sm" c="gray.8">
          {t('password.none')} {t('password.setText')}
        </Text>
        <NewPasswordFields
          newPassword={form.field('newPassword')}
          confirmPassword={form.field('confirmPassword')}
        />
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        <SubmitBar
          label={t('password.setSubmit')}
          submitting={form.submitting}
          size="sm"
          align="start"
        />
      </Stack>
    </form>
  );
}
