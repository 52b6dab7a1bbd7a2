import { Alert, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

/**
 * Someone else saved the same thing meanwhile (409): the orange alert every "theirs or mine"
 * choice sits in, its title dark enough to read on the orange (Mantine's own is too light).
 */
export function ConflictAlert({
  ref,
  title,
  children,
}: {
  /** To move focus to the alert when it opens (it takes focus, not the keyboard's tab order). */
  ref?: Ref<HTMLDivElement>;
  title: string;
  children: ReactNode;
}) {
  return (
    <Alert
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role="alert"
      color="orange"
      variant="light"
      radius="md"
      icon={<IconGitCompare size={18} aria-hidden />}
      title={
        <Text component="span" fw={700} c="ink.9">
          {title}
        </Text>
      }
      data-conflict
    >
      {children}
    </Alert>
  );
}
