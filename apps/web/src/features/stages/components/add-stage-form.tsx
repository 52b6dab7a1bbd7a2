import { createStageSchema } from '@jammy/shared/itineraries';
import { Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useCreateStage } from '../api/stages';
import { EMPTY_STAGE_DRAFT, draftToInput } from '../lib/stage-draft';
import { DestinationCheck } from './destination-check';
import { StageFields } from './stage-fields';
import { useStageForm } from './use-stage-form';

/**
 * "Add a stage": title, destination from the gazetteer, dates; appended at the end. A
 * destination typed but not picked is looked up and confirmed before the stage is saved.
 */
export function AddStageForm({
  itineraryId,
  onAdded,
}: {
  itineraryId: string;
  onAdded: (title: string) => void;
}) {
  const { t } = useTranslation('stages');
  const createStage = useCreateStage(itineraryId);
  const titleRef = useRef<HTMLInputElement>(null);
  const { form, destinationQuestion } = useStageForm({
    initialValues: EMPTY_STAGE_DRAFT,
    schema: createStageSchema,
    toBody: (draft) => draftToInput(draft, false),
    save: async (body, draft) => {
      // The stage shows in the list at once: clear the form for the next one right away, and
      // bring the typed values back only if saving fails (and nothing new was typed since).
      form.setValues(EMPTY_STAGE_DRAFT);
      titleRef.current?.focus();
      try {
        await createStage.mutateAsync(body);
        onAdded(body.title);
      } catch (error) {
        form.setValues((current) => (current === EMPTY_STAGE_DRAFT ? draft : current));
        throw error;
      }
    },
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form {...form.formProps} aria-labelledby="add-stage-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="add-stage-title">
            {t('add.title')}
          </Title>
          <StageFields form={form} withNotes={false} titleRef={titleRef} />
          {destinationQuestion && <DestinationCheck {...destinationQuestion} />}
          {form.failure !== null && <ProblemAlert error={form.failure} />}
          <SubmitBar
            label={t('add.submit')}
            submitting={form.submitting}
            icon={<IconPlus size={18} aria-hidden />}
            stretch
          />
        </Stack>
      </form>
    </Paper>
  );
}
