import type { ImportBatch, ImportPreview } from '@jammy/shared/imports';
import type { Stage } from '@jammy/shared/itineraries';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommitImport, usePreviewImport, type ImportTarget } from '../api/imports';
import { ImportDone } from './import-done';
import { ImportProblem } from './import-problem';
import { ImportReview } from './import-review';
import { StageChoice, type StageChoiceValue } from './stage-choice';

const ACCEPT = '.gpx,.kml,.kmz,.geojson,.json,.ics';

/**
 * A file into the trip (or a new trip): choose it, review what it would create (a dry run),
 * confirm (one transaction), then Undo if it was not what you wanted.
 */
export function FileImport({
  itineraryId,
  stages,
}: {
  /** null: a new itinerary. */
  itineraryId: string | null;
  stages: Stage[];
}) {
  const { t } = useTranslation('imports');
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<StageChoiceValue>({ stageId: '', stageTitle: '' });
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const target: ImportTarget = {
    itineraryId,
    ...(choice.stageId ? { stageId: choice.stageId } : {}),
    ...(!choice.stageId && choice.stageTitle.trim()
      ? { stageTitle: choice.stageTitle.trim() }
      : {}),
  };
  const review = usePreviewImport(target);
  const commit = useCommitImport(target);

  const restart = () => {
    setFile(null);
    setPreview(null);
    setBatch(null);
    review.reset();
    commit.reset();
  };

  if (batch)
    return <ImportDone batch={batch} newItinerary={itineraryId === null} onAgain={restart} />;

  if (preview && file) {
    return (
      <Stack gap="md">
        <ImportReview preview={preview} />
        {commit.error ? <ImportProblem error={commit.error} /> : null}
        <Group gap="sm">
          <Button
            loading={commit.isPending}
            onClick={() => commit.mutate(file, { onSuccess: setBatch })}
          >
            {t('review.confirm')}
          </Button>
          <Button variant="default" onClick={() => setPreview(null)} disabled={commit.isPending}>
            {t('review.back')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack
      gap="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (file) review.mutate(file, { onSuccess: setPreview });
      }}
    >
      <Text size="sm" c="gray.8">
        {t('file.lead')}
      </Text>
      <FileInput
        label={t('file.label')}
        description={t('file.hint')}
        placeholder={t('file.placeholder')}
        accept={ACCEPT}
        value={file}
        onChange={(next) => {
          setFile(next);
          review.reset();
        }}
        leftSection={<IconFileUpload size={18} aria-hidden />}
        clearable
        clearButtonProps={{ 'aria-label': t('file.clear') }}
      />
      {itineraryId !== null && <StageChoice stages={stages} value={choice} onChange={setChoice} />}
      {review.error ? <ImportProblem error={review.error} /> : null}
      <Group>
        <Button type="submit" disabled={!file} loading={review.isPending}>
          {t('file.review')}
        </Button>
      </Group>
    </Stack>
  );
}
