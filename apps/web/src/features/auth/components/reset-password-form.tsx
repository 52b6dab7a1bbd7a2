import { Stack } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import type { AuthFailure } from '../lib/auth-errors';
import { callAuth, toAuthFailure } from '../lib/auth-errors';
import { authFormOptions, useAuthMessages } from '../lib/auth-messages';
import { authClient } from '../../../lib/auth-client';
import { resetPasswordSchema } from '../lib/schemas';
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
  const form = useForm({
    ...authFormOptions(FIELDS),
    initialValues: { password: '', confirmPassword: '' },
    schema: resetPasswordSchema,
    submit: async ({ password }) => {
      try {
        await callAuth((fetchOptions) =>
          authClient.resetPassword({ newPassword: password, token, fetchOptions }),
        );
      } catch (error) {
        const failure = toAuthFailure(error);
        // The link is spent: the page explains it and offers a new one, not the form.
        if (failure.key !== 'errors.invalidLink') throw failure;
        onInvalidLink(failure);
        return;
      }
      onDone();
    },
  });

  return (
    <form {...form.formProps}>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <PasswordField
          {...form.field('password')}
          label={t('fields.newPassword')}
          description={message('fields.passwordHint')}
          autoComplete="new-password"
          withStrength
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
        />
        <SubmitBar label={t('forgot.save')} submitting={form.submitting} stretch />
      </Stack>
    </form>
  );
}
