import { TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps {
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** The traveller's display name, as the sign-up and profile-completion forms ask it. */
export function NameField({ ref, value, onChange, error }: FieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      ref={ref}
      label={t('fields.name')}
      description={t('fields.nameDescription')}
      autoComplete="name"
      size="md"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

/** An e-mail address (written left to right whatever the page's direction). */
export function EmailField({ ref, value, onChange, error }: FieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      ref={ref}
      type="email"
      label={t('fields.email')}
      autoComplete="email"
      dir="ltr"
      size="md"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
