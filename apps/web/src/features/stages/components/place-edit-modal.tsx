import type { Place } from '@jammy/shared/itineraries';
import { parseNumber } from '@jammy/shared/typed-number';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { readAmount } from '../../../components/form/amount-field';
import { ConflictPanel, type ConflictRow } from '../../../components/form/conflict-panel';
import { formatDuration, formatMinorUnits } from '../../../lib/format';
import { useUpdatePlace } from '../../itineraries/api/places';
import {
  DURATION,
  draftToPlaceInput,
  placeErrorsFromFields,
  placeToDraft,
  validatePlaceDraft,
  type PlaceDraft,
  type PlaceErrors,
} from '../lib/place-draft';
import { conflictCurrent, toProblem, type Problem } from '../lib/problem';
import { PlaceFields } from './place-fields';
import classes from './stages.module.css';
import { ProblemAlert } from './problem-alert';

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
    [t('fields.cost')]: costShown(draft, language),
    [t('fields.notes')]: draft.notes,
  });
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
  const [draft, setDraft] = useState(() => placeToDraft(place, language));
  const [version, setVersion] = useState(place.version);
  const [errors, setErrors] = useState<PlaceErrors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [theirs, setTheirs] = useState<Place | null>(null);

  const save = async (atVersion: number) => {
    const found = validatePlaceDraft(draft, language);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setProblem(null);
    try {
      await updatePlace.mutateAsync({
        placeId: place.id,
        version: atVersion,
        ...draftToPlaceInput(draft, language),
      });
      setTheirs(null);
      onDone(true);
    } catch (error) {
      const current = conflictCurrent<Place>(error);
      if (current) {
        setTheirs(current);
        return;
      }
      const next = toProblem(error);
      setProblem(next);
      setErrors(placeErrorsFromFields(next.fields));
    }
  };

  const conflictRows = (): ConflictRow[] => {
    if (!theirs) return [];
    const mine = describe(draft);
    return Object.entries(describe(placeToDraft(theirs, language))).map(([label, value]) => ({
      label,
      theirs: value,
      mine: mine[label] ?? '',
    }));
  };

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save(version);
      }}
    >
      <Stack gap="md">
        <PlaceFields draft={draft} errors={errors} onChange={setDraft} />
        {theirs && (
          <ConflictPanel
            title={t('conflict.title')}
            text={t('conflict.text')}
            keepMineLabel={t('conflict.reapplyMine')}
            rows={conflictRows()}
            saving={updatePlace.isPending}
            onUseTheirs={() => {
              setDraft(placeToDraft(theirs, language));
              setVersion(theirs.version);
              setTheirs(null);
            }}
            onKeepMine={() => {
              setVersion(theirs.version);
              void save(theirs.version);
            }}
          />
        )}
        {problem && <ProblemAlert problem={problem} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={updatePlace.isPending && !theirs}>
            {t('actions.save')}
          </Button>
        </Group>
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
