import { LIMITS } from '@jammy/shared/itinerary-limits';
import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { StageDraft, StageErrors } from '../lib/stage-draft';
import { DestinationCombobox } from './destination-combobox';
import classes from './stages.module.css';

/** The fields of a stage form: title, destination (gazetteer), dates, and notes if asked. */
export function StageFields({
  draft,
  errors,
  onChange,
  withNotes,
  titleRef,
}: {
  draft: StageDraft;
  errors: StageErrors;
  onChange: (draft: StageDraft) => void;
  withNotes: boolean;
  titleRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('stages');
  const message = (key: string | undefined) => (key ? t(key) : null);
  return (
    <Stack gap="md">
      <TextInput
        ref={titleRef}
        label={t('fields.title')}
        placeholder={t('fields.titlePlaceholder')}
        required
        maxLength={LIMITS.title}
        value={draft.title}
        error={message(errors.title)}
        onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })}
      />
      <DestinationCombobox
        value={draft.destination}
        error={message(errors.destinationName)}
        onChange={(destination) => onChange({ ...draft, destination })}
        onPicked={(place) =>
          // A stage named after its city is the common case: fill an empty title.
          draft.title.trim() === '' &&
          onChange({
            ...draft,
            title: place.name,
            destination: {
              name: place.name,
              lat: place.lat,
              lng: place.lng,
              countryCode: place.country,
            },
          })
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="date"
          label={t('fields.startDate')}
          value={draft.startDate}
          error={message(errors.startDate)}
          onChange={(event) => onChange({ ...draft, startDate: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('fields.endDate')}
          value={draft.endDate}
          min={draft.startDate || undefined}
          error={message(errors.endDate)}
          onChange={(event) => onChange({ ...draft, endDate: event.currentTarget.value })}
        />
      </SimpleGrid>
      {withNotes && (
        <Textarea
          label={t('fields.notes')}
          classNames={{ description: classes.description }}
          description={t('fields.notesHint')}
          autosize
          minRows={4}
          maxRows={14}
          maxLength={LIMITS.stageNotes}
          value={draft.notes}
          error={message(errors.notes)}
          onChange={(event) => onChange({ ...draft, notes: event.currentTarget.value })}
        />
      )}
    </Stack>
  );
}
