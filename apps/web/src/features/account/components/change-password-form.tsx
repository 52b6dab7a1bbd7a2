import { PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useChangePassword } from '../api/change-password';
import { problemFromApi } from '../api/problem';
import { accountFormOptions, changePasswordSchema } from '../lib/form-schemas';
import { NewPasswordFields } from './new-password-fields';
import { ProblemAlert } from './problem-alert';
import { SuccessAlert } from './success-alert';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, a new one of at least 10 characters, and the same again. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useForm({
    ...accountFormOptions(FIELDS),
    initialValues: EMPTY,
    schema: changePasswordSchema,
    submit: async ({ currentPassword, newPassword }) => {
      setDone(false);
      await change.mutateAsync({ currentPassword, newPassword });
      form.setValues(EMPTY);
      setDone(true);
    },
  });
  // A wrong current password is said at its field only.
  const summed =
    form.failure !== null && problemFromApi(form.failure).kind !== 'wrong-password'
      ? form.failure
      : null;

  return (
    <form {...form.formProps}>
      <Stack gap="md" maw={520}>
        <PasswordInput
          {...form.field('currentPassword')}
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
        />
        <NewPasswordFields
          newPassword={form.field('newPassword')}
          confirmPassword={form.field('confirmPassword')}
        />
        {summed !== null && <ProblemAlert error={summed} />}
        {done ? <SuccessAlert>{t('password.changed')}</SuccessAlert> : null}
        <SubmitBar
          label={t('password.submit')}
          submitting={form.submitting}
          size="sm"
          align="start"
        />
      </Stack>
    </form>
  );
}
