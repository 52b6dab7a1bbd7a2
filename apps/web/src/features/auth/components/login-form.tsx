import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import type { FieldMessages } from '../../../components/form/use-form';
import { callAuth, toAuthFailure, type AuthField } from '../lib/auth-errors';
import { authFormOptions, AUTH_FIELD_MESSAGES, isolate } from '../lib/auth-messages';
import { DEFAULT_AFTER_SIGN_UP } from '../lib/auth-redirect';
import { loadAuthClient } from '../../../lib/load-auth-client';
import { signInSchema } from '../lib/schemas';
import { useAuthRedirect } from './use-auth-redirect';
import { useCompleteSignIn } from './use-complete-sign-in';
import { FormAlert, Notice } from './form-alert';
import { EmailField } from './identity-fields';
import { PasswordField } from './password-field';

const FIELDS = ['email', 'password'] as const;

/**
 * The words of the form's field problems; an existing password needs only that something was
 * typed (old ones may predate the rule). The prerendered page carries them too (decision 054).
 */
export const SIGN_IN_FIELD_MESSAGES: FieldMessages<AuthField> = {
  ...AUTH_FIELD_MESSAGES,
  password: { required: 'validation.passwordRequired' },
};

/**
 * E-mail and password. A wrong pair never says which one was wrong; an address not yet
 * confirmed gets a button to send the confirmation again.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { link, target } = useAuthRedirect();
  const completeSignIn = useCompleteSignIn();
  const [resendFailure, setResendFailure] = useState<unknown>(null);
  const resend = useMutation({
    mutationFn: async (address: string) => {
      const authClient = await loadAuthClient();
      return callAuth((fetchOptions) =>
        authClient.sendVerificationEmail({
          email: address,
          callbackURL: target(DEFAULT_AFTER_SIGN_UP),
          fetchOptions,
        }),
      );
    },
    onMutate: () => setResendFailure(null),
    onError: setResendFailure,
  });
  const form = useForm({
    ...authFormOptions(FIELDS),
    messages: SIGN_IN_FIELD_MESSAGES,
    initialValues: { email: '', password: '' },
    schema: signInSchema,
    toBody: (values) => ({ email: values.email.trim(), password: values.password }),
    submit: async (body) => {
      resend.reset();
      const authClient = await loadAuthClient();
      await completeSignIn(
        await callAuth((fetchOptions) => authClient.signIn.email({ ...body, fetchOptions })),
      );
    },
  });

  const unverified =
    form.failure !== null && toAuthFailure(form.failure).code === 'EMAIL_NOT_VERIFIED';
  return (
    // The identity client is fetched once the traveller starts on the form, not with the page.
    <form {...form.formProps} onFocus={() => void loadAuthClient()}>
      <Stack gap="md">
        <FormAlert failure={form.failure}>
          {unverified && !resend.isSuccess ? (
            <Button
              variant="default"
              size="sm"
              onClick={() => resend.mutate(form.values.email.trim())}
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
        {/* `webauthn`: the browser offers the passkeys it holds among this field's suggestions. */}
        <EmailField {...form.field('email')} autoComplete="username webauthn" />
        <Stack gap={6}>
          <PasswordField
            {...form.field('password')}
            label={t('fields.password')}
            autoComplete="current-password"
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={link('/forgot-password')} size="sm" fw={500}>
              {t('login.forgot')}
            </Anchor>
          </Group>
        </Stack>
        <SubmitBar label={t('login.submit')} submitting={form.submitting} stretch />
      </Stack>
    </form>
  );
}
