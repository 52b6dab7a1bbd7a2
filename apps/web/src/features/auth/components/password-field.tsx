import { Box, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { FieldProps } from '../../../components/form/use-form';
import { passwordStrength } from '../lib/password-strength';

const STRENGTH_COLORS = ['gray.3', 'red.7', 'orange.6', 'teal.6', 'teal.8'] as const;

/**
 * A password with a labelled show/hide toggle (reachable by keyboard); for a new password,
 * a hint and a strength meter announced as it changes.
 */
export function PasswordField({
  label,
  autoComplete,
  withStrength = false,
  description,
  ...field
}: FieldProps<string> & {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  withStrength?: boolean;
  description?: string;
}) {
  const { t } = useTranslation('auth');
  const strengthId = useId();
  const strength = passwordStrength(field.value);
  return (
    <Stack gap={6}>
      <PasswordInput
        {...field}
        label={label}
        description={description}
        autoComplete={autoComplete}
        required
        withAsterisk={false}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
        size="md"
      />
      {withStrength && strength > 0 ? (
        <Group gap="xs" wrap="nowrap" align="center">
          <Group gap={4} wrap="nowrap" flex="0 0 120px" aria-hidden>
            {[1, 2, 3, 4].map((step) => (
              <Box
                key={step}
                h={6}
                flex={1}
                bg={step <= strength ? STRENGTH_COLORS[strength] : 'gray.2'}
                style={{ borderRadius: 3 }}
              />
            ))}
          </Group>
          <Text id={strengthId} size="xs" c="gray.7" aria-live="polite">
            {t('strength.label', { level: t(`strength.${strength}`) })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
