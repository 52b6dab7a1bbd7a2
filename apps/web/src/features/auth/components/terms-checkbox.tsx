import { Anchor, Checkbox } from '@mantine/core';
import { Trans } from '../../../i18n/react';
import { Link } from 'react-router';
import type { FieldProps } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';

/** "I accept the terms of use and the privacy policy", both opening in a new tab. */
export function TermsCheckbox({ value, onChange, ...field }: FieldProps<boolean>) {
  const { to } = useLanguage();
  return (
    <Checkbox
      {...field}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <Trans
          ns="auth"
          i18nKey="fields.terms"
          components={{
            terms: (
              <Anchor
                component={Link}
                to={to('/terms')}
                target="_blank"
                inherit
                underline="always"
              />
            ),
            privacy: (
              <Anchor
                component={Link}
                to={to('/privacy')}
                target="_blank"
                inherit
                underline="always"
              />
            ),
          }}
        />
      }
    />
  );
}
