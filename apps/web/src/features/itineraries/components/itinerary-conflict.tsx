import type { Itinerary } from '@jammy/shared/itineraries';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '../../../components/form/conflict-panel';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange } from '../../../lib/format';
import { valuesOf, type ItineraryField, type ItineraryFormValues } from './itinerary-form-values';

const LABELS: Record<ItineraryField, string> = {
  title: 'form.title',
  description: 'form.description',
  startDate: 'form.startDate',
  endDate: 'form.endDate',
  coverUrl: 'form.coverUrl',
  currency: 'form.currency',
};

/**
 * Someone else saved the itinerary while this form was open (409): their values beside
 * the traveller's, field by field, and the two ways out.
 */
export function ConflictPanel({
  ref,
  theirs,
  mine,
  saving,
  onUseTheirs,
  onKeepMine,
}: {
  ref?: Ref<HTMLDivElement>;
  theirs: Itinerary;
  mine: ItineraryFormValues;
  saving: boolean;
  onUseTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  const their = valuesOf(theirs);
  const fields = (Object.keys(LABELS) as ItineraryField[]).filter(
    (field) => their[field].trim() !== mine[field].trim(),
  );
  const show = (field: ItineraryField, value: string) => {
    if (!value.trim()) return t('conflict.empty');
    if (field === 'startDate' || field === 'endDate') return formatDateRange(value, null, language);
    return value;
  };
  return (
    <ConflictAlert ref={ref} title={t('conflict.title')}>
      <Stack gap="md">
        <Text size="sm" c="ink.9">
          {fields.length > 0 ? t('conflict.text') : t('conflict.sameText')}
        </Text>
        {fields.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table withTableBorder withColumnBorders bg="white" verticalSpacing="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Td />
                  <Table.Th scope="col">{t('conflict.theirs')}</Table.Th>
                  <Table.Th scope="col">{t('conflict.yours')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field) => (
                  <Table.Tr key={field}>
                    <Table.Th scope="row">{t(LABELS[field])}</Table.Th>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {show(field, their[field])}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {show(field, mine[field])}
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
            {t('conflict.keepMine')}
          </Button>
        </Group>
      </Stack>
    </ConflictAlert>
  );
}
