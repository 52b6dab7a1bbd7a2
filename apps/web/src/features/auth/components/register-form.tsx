import { Stack } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { callAuth } from '../lib/auth-errors';
import { authFormOptions, useAuthMessages } from '../lib/auth-messages';
import { signUpAcceptingTerms } from '../api/sign-up';
import { DEFAULT_AFTER_SIGN_UP } from '../lib/auth-redirect';
import { signUpSchema } from '../lib/schemas';
import { useAuthRedirect } from './use-auth-redirect';
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
  const form = useForm({
    ...authFormOptions(FIELDS),
    initialValues: { name: '', email: '', password: '', terms: false },
    schema: signUpSchema,
    toBody: (values) => ({
      name: values.name,
      email: values.email.trim(),
      password: values.password,
      acceptTerms: values.terms,
    }),
    fieldsOfBody: { acceptTerms: 'terms' },
    submit: async ({ name, email, password }, values) => {
      await callAuth((fetchOptions) =>
        signUpAcceptingTerms(
          { name, email, password, language, callbackURL: target(DEFAULT_AFTER_SIGN_UP) },
          fetchOptions,
        ),
      );
      // The address as typed, not as the schema normalised it (lower case).
      await navigate(link('/register/finish', { email: values.email.trim() }));
    },
  });

  return (
    <form {...form.formProps}>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <NameField {...form.field('name')} />
        <EmailField {...form.field('email')} />
        <PasswordField
          {...form.field('password')}
          label={t('fields.password')}
          description={message('fields.passwordHint')}
          autoComplete="new-password"
          withStrength
        />
        <TermsCheckbox {...form.field('terms')} />
        <SubmitBar label={t('register.submit')} submitting={form.submitting} stretch />
      </Stack>
    </form>
  );
}
