import { PASSWORD_MIN_LENGTH } from '@jammy/shared/account-limits';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import type { FieldProps } from '../../../components/form/use-form';

/** A new password, with the rule it must meet, and the same again: set or changed alike. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
}: {
  newPassword: FieldProps<string>;
  confirmPassword: FieldProps<string>;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <PasswordInput
        {...newPassword}
        label={t('fields.newPassword')}
        description={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
      />
      <PasswordInput
        {...confirmPassword}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
