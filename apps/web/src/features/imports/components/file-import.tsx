import type { ImportBatch, ImportPreview } from '@jammy/shared/imports';
import { importQuerySchema, newItineraryImportQuerySchema } from '@jammy/shared/imports-query';
import type { Stage } from '@jammy/shared/itineraries';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useCommitImport, usePreviewImport } from '../api/imports';
import { ImportDone } from './import-done';
import { ImportProblem } from './import-problem';
import { ImportReview } from './import-review';
import { NEW_STAGE, StageChoice, stageQuery } from './stage-choice';

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
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const form = useForm({
    ns: 'imports',
    // The file's own problems (a line, an element, the file as a whole) are said with their
    // place in it by ImportProblem; the form's fields are where its content goes.
    initialValues: { upload: null as File | null, ...NEW_STAGE },
    schema: itineraryId === null ? newItineraryImportQuerySchema : importQuerySchema,
    toBody: (values) => ({
      ...stageQuery(values),
      ...(values.upload ? { fileName: values.upload.name.slice(0, 200) } : {}),
    }),
    submit: async (_query, { upload }) => {
      if (upload) setPreview(await review.mutateAsync(upload));
    },
  });
  const file = form.values.upload;
  const target = { itineraryId, ...stageQuery(form.values) };
  const review = usePreviewImport(target);
  const commit = useCommitImport(target);

  const restart = () => {
    form.setValue('upload', null);
    setPreview(null);
    setBatch(null);
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

  const upload = form.field('upload');
  return (
    <form {...form.formProps}>
      <Stack gap="md">
        <Text size="sm" c="gray.8">
          {t('file.lead')}
        </Text>
        <FileInput
          {...upload}
          onChange={(next) => {
            upload.onChange(next);
            form.setFailure(null);
          }}
          label={t('file.label')}
          description={t('file.hint')}
          placeholder={t('file.placeholder')}
          accept={ACCEPT}
          leftSection={<IconFileUpload size={18} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('file.clear') }}
        />
        {itineraryId !== null && (
          <StageChoice
            stages={stages}
            stageId={form.field('stageId')}
            stageTitle={form.field('stageTitle')}
          />
        )}
        {form.failure !== null && <ImportProblem error={form.failure} />}
        <SubmitBar
          label={t('file.review')}
          submitting={form.submitting}
          disabled={!file}
          size="sm"
          align="start"
        />
      </Stack>
    </form>
  );
}
