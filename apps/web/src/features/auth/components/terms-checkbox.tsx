import { Anchor, Checkbox } from '@mantine/core';
import type { Ref } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';

/** "I accept the terms of use and the privacy policy", both opening in a new tab. */
export function TermsCheckbox({
  ref,
  checked,
  onChange,
  error,
}: {
  ref?: Ref<HTMLInputElement>;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const { to } = useLanguage();
  return (
    <Checkbox
      ref={ref}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error}
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
