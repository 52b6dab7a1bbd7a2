import { Button, Group, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * THE end of a form: its submit button (busy while the form is sent) and, when the form can be
 * left, a way back — a link or an action. `stretch` gives the button the form's width (the
 * narrow sign-in forms).
 */
export function SubmitBar({
  label,
  submitting,
  icon,
  size = 'md',
  variant,
  stretch = false,
  align = 'end',
  disabled,
  cancel,
  children,
}: {
  label: string;
  submitting: boolean;
  icon?: ReactNode;
  size?: ButtonProps['size'];
  /** A quieter button where the form is a line of a list (a rate, a planned amount). */
  variant?: ButtonProps['variant'];
  stretch?: boolean;
  /** Where the buttons sit: at the end (a dialog, a page's form) or the start (a settings card). */
  align?: 'start' | 'end';
  disabled?: boolean;
  cancel?: { label: string; to: string } | { label: string; onClick: () => void };
  /** Further actions beside the submit button. */
  children?: ReactNode;
}) {
  const submit = (
    <Button
      type="submit"
      size={size}
      variant={variant}
      loading={submitting}
      disabled={disabled}
      leftSection={icon}
    >
      {label}
    </Button>
  );
  if (stretch) return submit;
  return (
    <Group justify={align === 'end' ? 'flex-end' : 'flex-start'} gap="sm">
      {align === 'start' && submit}
      {cancel &&
        ('to' in cancel ? (
          <Button component={Link} to={cancel.to} variant="default" size={size}>
            {cancel.label}
          </Button>
        ) : (
          <Button variant="default" size={size} onClick={cancel.onClick}>
            {cancel.label}
          </Button>
        ))}
      {children}
      {align === 'end' && submit}
    </Group>
  );
}
