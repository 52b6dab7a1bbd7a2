import type { Place } from '@jammy/shared/itineraries';
import { updatePlaceSchema } from '@jammy/shared/itineraries';
import { parseNumber } from '@jammy/shared/typed-number';
import { Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { readAmount, useAmountMessage } from '../../../components/form/amount-field';
import { ConflictPanel } from '../../../components/form/conflict-panel';
import { useNumberMessage } from '../../../components/form/number-field';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { formatDuration, formatMinorUnits } from '../../../lib/format';
import { useUpdatePlace } from '../../places/public';
import {
  DURATION,
  draftToPlaceInput,
  placeToDraft,
  typedProblems,
  type PlaceDraft,
} from '../lib/place-draft';
import { PlaceFields } from './place-fields';
import { PLACE_FIELDS_OF_BODY, PLACE_MESSAGES } from './place-form';
import classes from './stages.module.css';

/** The duration as the conflict panel shows it: a length of time when it reads, else as typed. */
function durationShown(draft: PlaceDraft, language: string): string {
  const minutes = parseNumber(draft.duration, language, DURATION);
  return minutes.ok ? formatDuration(minutes.value, language) : draft.duration;
}

/** The cost as the conflict panel shows it: money when it reads, else what was typed. */
function costShown(draft: PlaceDraft, language: string): string {
  if (!draft.currency) return draft.cost;
  const cost = readAmount(draft.cost, draft.currency, language);
  return cost.ok ? formatMinorUnits(cost.minor, draft.currency, language) : draft.cost;
}

function useDescribePlace() {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  return (draft: PlaceDraft): Record<string, string> => ({
    [t('fields.placeName')]: draft.name,
    [t('fields.category')]: t(`categories.${draft.category}`),
    [t('fields.address')]: draft.address,
    [t('fields.url')]: draft.url,
    [t('fields.day')]: draft.day,
    [t('fields.time')]: draft.time,
    [t('fields.duration')]: durationShown(draft, language),
    [t('fields.openingHours')]: draft.openingHours,
    [t('fields.cost')]: costShown(draft, language),
    [t('fields.notes')]: draft.notes,
  });
}

/** The messages of a duration or cost that does not read, naming the field (the kit's words). */
function useTypedMessages() {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const numberMessage = useNumberMessage();
  const amountMessage = useAmountMessage();
  return (draft: PlaceDraft) => {
    const problems = typedProblems(draft, language);
    return {
      ...(problems.duration && {
        duration: numberMessage(problems.duration, t('fields.duration'), DURATION, 90),
      }),
      ...(problems.cost && {
        cost: amountMessage(problems.cost, t('fields.cost'), draft.currency || null, draft.cost),
      }),
      ...(problems.currency && { currency: t(problems.currency) }),
    };
  };
}

function PlaceEditForm({
  itineraryId,
  place,
  onDone,
}: {
  itineraryId: string;
  place: Place;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation('stages');
  const updatePlace = useUpdatePlace(itineraryId);
  const { language } = useLanguage();
  const describe = useDescribePlace();
  // The version the form was filled from travels with the save (theirs, once taken or overwritten).
  const version = useRef(place.version);
  const form = useForm({
    ns: 'stages',
    messages: PLACE_MESSAGES,
    fieldsOfBody: PLACE_FIELDS_OF_BODY,
    initialValues: placeToDraft(place, language),
    unreadable: useTypedMessages(),
    schema: updatePlaceSchema,
    toBody: (draft) => ({ version: version.current, ...draftToPlaceInput(draft, language) }),
    submit: async (body) => {
      await updatePlace.mutateAsync({ placeId: place.id, version: version.current, ...body });
      onDone(true);
    },
  });
  const theirs = form.conflict as Place | null;

  const conflictRows = (current: Place) => {
    const mine = describe(form.values);
    return Object.entries(describe(placeToDraft(current, language))).map(([label, value]) => ({
      label,
      theirs: value,
      mine: mine[label] ?? '',
    }));
  };

  return (
    <form {...form.formProps}>
      <Stack gap="md">
        <PlaceFields form={form} />
        {theirs && (
          <ConflictPanel
            title={t('conflict.title')}
            text={t('conflict.text')}
            keepMineLabel={t('conflict.reapplyMine')}
            rows={conflictRows(theirs)}
            saving={form.submitting}
            onUseTheirs={() => {
              version.current = theirs.version;
              form.setValues(placeToDraft(theirs, language));
              form.dismissConflict();
            }}
            onKeepMine={() => {
              version.current = theirs.version;
              void form.send();
            }}
          />
        )}
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        <SubmitBar
          label={t('actions.save')}
          submitting={form.submitting && !theirs}
          disabled={form.submitting && theirs !== null}
          cancel={{ label: t('actions.cancel'), onClick: () => onDone(false) }}
        />
      </Stack>
    </form>
  );
}

/** Edits every field of a place in a dialog, with the conflict and error states in place. */
export function PlaceEditModal({
  itineraryId,
  place,
  onClose,
  onSaved,
}: {
  itineraryId: string;
  place: Place | null;
  onClose: () => void;
  onSaved: (place: Place) => void;
}) {
  // The form kit's messages (namespace `form`) load with the stage page: first asked for
  // when the dialog opens, they would suspend the page behind it and close the dialog.
  const { t } = useTranslation(['stages', 'form']);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      classNames={{ title: classes.modalTitle }}
      opened={place !== null}
      onClose={onClose}
      title={t('placeEdit.title', { name: place?.name ?? '' })}
      size="lg"
      radius="lg"
      fullScreen={phone}
    >
      {place && (
        <PlaceEditForm
          key={place.id}
          itineraryId={itineraryId}
          place={place}
          onDone={(saved) => (saved ? onSaved(place) : onClose())}
        />
      )}
    </Modal>
  );
}
