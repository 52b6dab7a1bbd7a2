import { LIMITS } from '@jammy/shared/itinerary-limits';
import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../../../i18n/react';
import { DateField } from '../../../components/form/date-field';
import { DestinationCombobox } from './destination-combobox';
import classes from './stages.module.css';
import type { StageForm } from './use-stage-form';

/** The fields of a stage form: title, destination (gazetteer), dates, and notes if asked. */
export function StageFields({
  form,
  withNotes,
  titleRef,
}: {
  form: StageForm;
  withNotes: boolean;
  titleRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('stages');
  const destination = form.field('destination');
  const startDate = form.field('startDate');
  return (
    <Stack gap="md">
      <TextInput
        {...form.field('title')}
        ref={titleRef}
        label={t('fields.title')}
        placeholder={t('fields.titlePlaceholder')}
        required
        maxLength={LIMITS.title}
      />
      <DestinationCombobox
        value={destination.value}
        error={destination.error}
        onChange={destination.onChange}
        onPicked={(place) => {
          // A stage named after its city is the common case: fill an empty title.
          if (form.values.title.trim() !== '') return;
          form.setValue('title', place.name);
          form.setValue('destination', {
            name: place.name,
            lat: place.lat,
            lng: place.lng,
            countryCode: place.country,
          });
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateField {...startDate} label={t('fields.startDate')} />
        <DateField
          {...form.field('endDate')}
          label={t('fields.endDate')}
          min={startDate.value || undefined}
        />
      </SimpleGrid>
      {withNotes && (
        <Textarea
          {...form.field('notes')}
          label={t('fields.notes')}
          classNames={{ description: classes.description }}
          description={t('fields.notesHint')}
          autosize
          minRows={4}
          maxRows={14}
          maxLength={LIMITS.stageNotes}
        />
      )}
    </Stack>
  );
}
