import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '../../../components/form/conflict-panel';

export interface ConflictRow {
  label: string;
  theirs: string;
  mine: string;
}

/**
 * Someone else saved this meanwhile (409): their values beside mine, and the two ways out —
 * take theirs into the form, or save mine over theirs.
 */
export function ConflictPanel({
  rows,
  onUseTheirs,
  onReapplyMine,
  reapplying,
}: {
  rows: ConflictRow[];
  onUseTheirs: () => void;
  onReapplyMine: () => void;
  reapplying: boolean;
}) {
  const { t } = useTranslation('stages');
  const changed = rows.filter((row) => row.theirs !== row.mine);
  return (
    <ConflictAlert title={t('conflict.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('conflict.text')}</Text>
        {changed.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table withTableBorder withColumnBorders fz="sm" bg="white">
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
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.theirs || '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.mine || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="sm">
          <Button size="xs" variant="default" onClick={onUseTheirs}>
            {t('conflict.useTheirs')}
          </Button>
          <Button size="xs" color="ink" loading={reapplying} onClick={onReapplyMine}>
            {t('conflict.reapplyMine')}
          </Button>
        </Group>
      </Stack>
    </ConflictAlert>
  );
}
