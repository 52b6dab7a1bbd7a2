import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callAuth } from '../auth-errors';
import { useAuthMessages } from '../auth-messages';
import { signUpAcceptingTerms } from '../api/sign-up';
import { DEFAULT_AFTER_SIGN_UP } from '../auth-redirect';
import { useAuthForm } from '../use-auth-form';
import { useAuthRedirect } from '../use-auth-redirect';
import { checkEmail, checkName, checkNewPassword } from '../validation';
import { FormAlert } from './form-alert';
import { EmailField, NameField } from './identity-fields';
import { PasswordField } from './password-field';
import { TermsCheckbox } from './terms-checkbox';

const FIELDS = ['name', 'email', 'password', 'terms'] as const;

/**
 * Sign up with name, e-mail and password. The server answers the same whether the address is
 * new or known (it mails a known address's owner instead), so both go to "check your inbox".
 */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const { message } = useAuthMessages();
  const navigate = useNavigate();
  const { language, link, target } = useAuthRedirect();
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const [refs] = useState(() => ({
    name: nameRef,
    email: emailRef,
    password: passwordRef,
    terms: termsRef,
  }));
  const form = useAuthForm(FIELDS, refs);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);

  const signUp = useMutation({
    mutationFn: async (input: { name: string; email: string; password: string }) => {
      await callAuth((fetchOptions) =>
        signUpAcceptingTerms(
          { ...input, language, callbackURL: target(DEFAULT_AFTER_SIGN_UP) },
          fetchOptions,
        ),
      );
      await navigate(link('/register/finish', { email: input.email }));
    },
    onError: form.fail,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (signUp.isPending) return;
    const problems = {
      name: checkName(name),
      email: checkEmail(email),
      password: checkNewPassword(password),
      terms: terms ? null : 'validation.termsRequired',
    };
    if (form.check(problems)) return;
    signUp.mutate({ name: name.trim(), email: email.trim(), password });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <NameField
          ref={nameRef}
          value={name}
          onChange={(value) => {
            setName(value);
            form.clear('name');
          }}
          error={form.errorOf('name')}
        />
        <EmailField
          ref={emailRef}
          value={email}
          onChange={(value) => {
            setEmail(value);
            form.clear('email');
          }}
          error={form.errorOf('email')}
        />
        <PasswordField
          ref={passwordRef}
          label={t('fields.password')}
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
        <TermsCheckbox
          ref={termsRef}
          checked={terms}
          onChange={(checked) => {
            setTerms(checked);
            form.clear('terms');
          }}
          error={form.errorOf('terms')}
        />
        <Button type="submit" size="md" loading={signUp.isPending}>
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
