import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callAuth, toAuthFailure, type AuthFailure } from '../auth-errors';
import { useAuthMessages } from '../auth-messages';
import { authClient } from '../auth-client';
import { useAuthForm } from '../use-auth-form';
import { checkNewPassword } from '../validation';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';

const FIELDS = ['password', 'confirmPassword'] as const;

/** A new password, typed twice, for the reset link's `token`; every session ends with it. */
export function ResetPasswordForm({
  token,
  onDone,
  onInvalidLink,
}: {
  token: string;
  onDone: () => void;
  onInvalidLink: (failure: AuthFailure) => void;
}) {
  const { t } = useTranslation('auth');
  const { message } = useAuthMessages();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [refs] = useState(() => ({ password: passwordRef, confirmPassword: confirmRef }));
  const form = useAuthForm(FIELDS, refs);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useMutation({
    mutationFn: (newPassword: string) =>
      callAuth((fetchOptions) => authClient.resetPassword({ newPassword, token, fetchOptions })),
    onSuccess: onDone,
    onError: (error) => {
      const failure = toAuthFailure(error);
      if (failure.key === 'errors.invalidLink') onInvalidLink(failure);
      else form.fail(failure);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reset.isPending) return;
    const problems = {
      password: checkNewPassword(password),
      confirmPassword:
        confirm === ''
          ? 'validation.confirmRequired'
          : confirm !== password
            ? 'validation.passwordsDiffer'
            : null,
    };
    if (form.check(problems)) return;
    reset.mutate(password);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <PasswordField
          ref={passwordRef}
          label={t('fields.newPassword')}
          description={message('fields.passwordHint')}
          autoComplete="new-password"
          withStrength
          value={password}
          onChange={(value) => {
            setPassword(value);
            form.clear('password');
          }}
          error={form.errorOf('password')}
        />
        <PasswordField
          ref={confirmRef}
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          value={confirm}
          onChange={(value) => {
            setConfirm(value);
            form.clear('confirmPassword');
          }}
          error={form.errorOf('confirmPassword')}
        />
        <Button type="submit" size="md" loading={reset.isPending}>
          {t('forgot.save')}
        </Button>
      </Stack>
    </form>
  );
}
