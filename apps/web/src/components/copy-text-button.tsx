import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

interface CopyTextButtonProps {
  value: string;
  label: string;
  /** What the button says for a moment once `value` is copied. */
  copiedLabel: string;
  style?: CSSProperties;
}

/** A small button that copies `value` (a secret, codes) and shows a check for a moment. */
export function CopyTextButton({ value, label, copiedLabel, style }: CopyTextButtonProps) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="default"
          leftSection={
            copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
          }
          onClick={copy}
          style={style}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}
