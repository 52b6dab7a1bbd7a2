import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@jammy/shared/account-limits';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password';
import { AccountProblem } from '../api/problem';
import { ProblemAlert } from './problem-alert';
import { SuccessAlert } from './success-alert';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Current password, a new one of at least 10 characters, and the same again. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);

  function set(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (values.currentPassword === '') found.currentPassword = t('password.currentRequired');
    if (values.newPassword.length < PASSWORD_MIN_LENGTH) {
      found.newPassword = t('validation.tooShort', { min: PASSWORD_MIN_LENGTH });
    } else if (values.newPassword.length > PASSWORD_MAX_LENGTH) {
      found.newPassword = t('validation.tooLong', { max: PASSWORD_MAX_LENGTH });
    } else if (values.newPassword === values.currentPassword) {
      found.newPassword = t('password.sameAsCurrent');
    }
    if (values.confirmPassword !== values.newPassword) {
      found.confirmPassword = t('password.mismatch');
    }
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
          setDone(true);
        },
      },
    );
  }

  const problem = change.error instanceof AccountProblem ? change.error : null;
  const wrongCurrent = problem?.kind === 'wrong-password' ? t('errors.wrong-password') : null;
  const badNew =
    problem?.kind === 'invalid' && problem.extra.fields?.includes('newPassword')
      ? t('validation.notAccepted')
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={520}>
        <PasswordInput
          label={t('fields.currentPassword')}
          value={values.currentPassword}
          onChange={(event) => set('currentPassword', event.currentTarget.value)}
          error={errors.currentPassword ?? wrongCurrent}
          autoComplete="current-password"
          required
        />
        <PasswordInput
          label={t('fields.newPassword')}
          description={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
          value={values.newPassword}
          onChange={(event) => set('newPassword', event.currentTarget.value)}
          error={errors.newPassword ?? badNew}
          autoComplete="new-password"
          required
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          value={values.confirmPassword}
          onChange={(event) => set('confirmPassword', event.currentTarget.value)}
          error={errors.confirmPassword}
          autoComplete="new-password"
          required
        />
        {change.error && !wrongCurrent ? <ProblemAlert error={change.error} /> : null}
        {done ? <SuccessAlert>{t('password.changed')}</SuccessAlert> : null}
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
