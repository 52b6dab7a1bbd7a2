import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@jammy/shared/account-limits';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetPassword } from '../api/set-password';
import { ProblemAlert } from './problem-alert';

/** For an account without a password: choose one (then it also signs in with e-mail). */
export function SetPasswordForm() {
  const { t } = useTranslation('account');
  const set = useSetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmPassword?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (password.length < PASSWORD_MIN_LENGTH) {
      found.newPassword = t('validation.tooShort', { min: PASSWORD_MIN_LENGTH });
    } else if (password.length > PASSWORD_MAX_LENGTH) {
      found.newPassword = t('validation.tooLong', { max: PASSWORD_MAX_LENGTH });
    }
    if (confirm !== password) found.confirmPassword = t('password.mismatch');
    setErrors(found);
    if (Object.keys(found).length === 0) set.mutate({ newPassword: password });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={520}>
        <Text size="sm" c="gray.8">
          {t('password.none')} {t('password.setText')}
        </Text>
        <PasswordInput
          label={t('fields.newPassword')}
          description={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.newPassword}
          autoComplete="new-password"
          required
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={errors.confirmPassword}
          autoComplete="new-password"
          required
        />
        {set.error && <ProblemAlert error={set.error} />}
        <Group>
          <Button type="submit" loading={set.isPending}>
            {t('password.setSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
