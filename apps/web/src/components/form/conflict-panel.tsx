import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../i18n/react';

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
      // The body may shrink below its table's width (which scrolls), so that on a phone the
      // text wraps and both ways out stay in view instead of being cut off at the edge.
      styles={{ body: { minWidth: 0 } }}
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

/** One field of a conflict: its label and both values as the reader should see them. */
export interface ConflictRow {
  label: string;
  theirs: string;
  mine: string;
}

/**
 * THE conflict panel of every form: their values beside mine, field by field (only those that
 * differ), and the two ways out — take theirs into the form, or save mine over theirs. It takes
 * the focus when it opens, so a keyboard or screen-reader user lands on the choice.
 */
export function ConflictPanel({
  title,
  text,
  sameText,
  rows,
  saving,
  onUseTheirs,
  onKeepMine,
  keepMineLabel,
}: {
  title: string;
  /** What happened, when some values differ. */
  text: string;
  /** What happened, when they saved the very values of this form (`text` if not given). */
  sameText?: string;
  rows: ConflictRow[];
  saving: boolean;
  onUseTheirs: () => void;
  onKeepMine: () => void;
  keepMineLabel?: string;
}) {
  const { t } = useTranslation('form', { useSuspense: false });
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const changed = rows.filter((row) => row.theirs.trim() !== row.mine.trim());
  const show = (value: string) => (value.trim() ? value : t('conflict.empty'));
  return (
    <ConflictAlert ref={ref} title={title}>
      <Stack gap="md">
        <Text size="sm" c="ink.9">
          {changed.length > 0 ? text : (sameText ?? text)}
        </Text>
        {changed.length > 0 && (
          <Table.ScrollContainer
            // Three columns still read at a phone's width inside the alert; narrower, the table
            // scrolls sideways, by keyboard too once focused.
            minWidth={240}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('conflict.compare') },
            }}
          >
            <Table withTableBorder withColumnBorders bg="white" verticalSpacing="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('conflict.field')}</Table.Th>
                  <Table.Th scope="col">{t('conflict.theirs')}</Table.Th>
                  <Table.Th scope="col">{t('conflict.mine')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changed.map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Th scope="row">{row.label}</Table.Th>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {show(row.theirs)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {show(row.mine)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onUseTheirs} disabled={saving}>
            {t('conflict.useTheirs')}
          </Button>
          <Button onClick={onKeepMine} loading={saving}>
            {keepMineLabel ?? t('conflict.keepMine')}
          </Button>
        </Group>
      </Stack>
    </ConflictAlert>
  );
}
