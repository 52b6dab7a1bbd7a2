import { TextInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import type { FieldProps } from '../../../components/form/use-form';

/** The traveller's display name, as the sign-up and profile-completion forms ask it. */
export function NameField(props: FieldProps<string>) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      {...props}
      label={t('fields.name')}
      description={t('fields.nameDescription')}
      autoComplete="name"
      size="md"
    />
  );
}

/** An e-mail address (written left to right whatever the page's direction). */
export function EmailField({
  autoComplete = 'email',
  ...props
}: FieldProps<string> & { autoComplete?: string }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      {...props}
      type="email"
      label={t('fields.email')}
      autoComplete={autoComplete}
      dir="ltr"
      size="md"
    />
  );
}
