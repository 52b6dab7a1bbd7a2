import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callAuth, toAuthFailure, type AuthFailure } from '../auth-errors';
import { authClient } from '../auth-client';
import { DEFAULT_AFTER_SIGN_UP } from '../auth-redirect';
import { useAuthForm } from '../use-auth-form';
import { useAuthRedirect } from '../use-auth-redirect';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { checkCurrentPassword, checkEmail, isolate } from '../validation';
import { FormAlert, Notice } from './form-alert';
import { EmailField } from './identity-fields';
import { PasswordField } from './password-field';

const FIELDS = ['email', 'password'] as const;

/**
 * E-mail and password. A wrong pair never says which one was wrong; an address not yet
 * confirmed gets a button to send the confirmation again.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { link, target } = useAuthRedirect();
  const completeSignIn = useCompleteSignIn();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [refs] = useState(() => ({ email: emailRef, password: passwordRef }));
  const form = useAuthForm(FIELDS, refs);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const signIn = useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      await callAuth((fetchOptions) => authClient.signIn.email({ ...input, fetchOptions }));
      await completeSignIn();
    },
    onError: form.fail,
  });

  const [resendFailure, setResendFailure] = useState<AuthFailure | null>(null);
  const resend = useMutation({
    mutationFn: (address: string) =>
      callAuth((fetchOptions) =>
        authClient.sendVerificationEmail({
          email: address,
          callbackURL: target(DEFAULT_AFTER_SIGN_UP),
          fetchOptions,
        }),
      ),
    onMutate: () => setResendFailure(null),
    onError: (error) => setResendFailure(toAuthFailure(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (signIn.isPending) return;
    const problems = { email: checkEmail(email), password: checkCurrentPassword(password) };
    if (form.check(problems)) return;
    resend.reset();
    signIn.mutate({ email: email.trim(), password });
  }

  const unverified = form.failure?.code === 'EMAIL_NOT_VERIFIED';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert failure={form.failure}>
          {unverified && !resend.isSuccess ? (
            <Button
              variant="default"
              size="sm"
              onClick={() => resend.mutate(email.trim())}
              loading={resend.isPending}
            >
              {t('login.resendVerification')}
            </Button>
          ) : null}
        </FormAlert>
        {resend.isSuccess ? (
          <Notice>{t('login.verificationSent', { email: isolate(resend.variables ?? '') })}</Notice>
        ) : null}
        <FormAlert failure={resendFailure} />
        <EmailField
          ref={emailRef}
          value={email}
          onChange={(value) => {
            setEmail(value);
            form.clear('email');
          }}
          error={form.errorOf('email')}
        />
        <Stack gap={6}>
          <PasswordField
            ref={passwordRef}
            label={t('fields.password')}
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              form.clear('password');
            }}
            error={form.errorOf('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={link('/forgot-password')} size="sm" fw={500}>
              {t('login.forgot')}
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" size="md" loading={signIn.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
