import type { ItineraryTree, Stage } from '@jammy/shared/itineraries';
import { updateStageSchema } from '@jammy/shared/itineraries';
import { Container, Paper, Stack } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { ConflictPanel, type ConflictRow } from '../../../components/form/conflict-panel';
import { ProblemAlert as FormProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange } from '../../../lib/format';
import { useUpdateStage } from '../api/stages';
import { ItineraryHeader } from '../../itineraries/public';
import { destinationLabel } from '../lib/country';
import { draftToInput, stageToDraft, type StageDraft } from '../lib/stage-draft';
import { DestinationCheck } from './destination-check';
import { ProblemAlert } from './problem-alert';
import { StageFields } from './stage-fields';
import { useStageForm } from './use-stage-form';

function useConflictRows() {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const describe = (draft: StageDraft) => [
    { label: t('fields.title'), value: draft.title },
    {
      label: t('fields.destination'),
      value:
        destinationLabel(draft.destination.name || null, draft.destination.countryCode, language) ??
        '',
    },
    {
      label: t('fields.dates'),
      value: formatDateRange(draft.startDate || null, draft.endDate || null, language) ?? '',
    },
    { label: t('fields.notes'), value: draft.notes },
  ];
  return (theirs: StageDraft, mine: StageDraft): ConflictRow[] => {
    const mineRows = describe(mine);
    return describe(theirs).map((row, index) => ({
      label: row.label,
      theirs: row.value,
      mine: mineRows[index]?.value ?? '',
    }));
  };
}

/** /itinerary/{id}/stage/{stageId}/edit: title, destination, dates and notes of a stage. */
export function StageEditView({ tree, stage }: { tree: ItineraryTree; stage: Stage }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stages');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const updateStage = useUpdateStage(tree.itinerary.id);
  const conflictRows = useConflictRows();
  // The version the form was filled from travels with the save (theirs, once taken or overwritten).
  const version = useRef(stage.version);
  const stagePath = to(`/itinerary/${tree.itinerary.id}/stage/${stage.id}`);
  const canEdit = tree.itinerary.role !== 'viewer';
  const { form, sendAsIs, destinationQuestion } = useStageForm({
    initialValues: stageToDraft(stage),
    schema: updateStageSchema,
    toBody: (draft) => ({ version: version.current, ...draftToInput(draft, true) }),
    save: async (body) => {
      await updateStage.mutateAsync({ stageId: stage.id, version: version.current, ...body });
      void navigate(stagePath);
    },
  });
  const theirs = form.conflict as Stage | null;

  return (
    <>
      <ItineraryHeader itinerary={tree.itinerary} heading={t('routes.stage-edit.title')} />
      <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
        {canEdit ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <form {...form.formProps} aria-label={ts('edit.formLabel', { name: stage.title })}>
              <Stack gap="lg">
                <StageFields form={form} withNotes />
                {theirs && (
                  <ConflictPanel
                    title={ts('conflict.title')}
                    text={ts('conflict.text')}
                    keepMineLabel={ts('conflict.reapplyMine')}
                    rows={conflictRows(stageToDraft(theirs), form.values)}
                    saving={form.submitting}
                    onUseTheirs={() => {
                      version.current = theirs.version;
                      form.setValues(stageToDraft(theirs));
                      form.dismissConflict();
                    }}
                    onKeepMine={() => {
                      version.current = theirs.version;
                      void sendAsIs();
                    }}
                  />
                )}
                {destinationQuestion && <DestinationCheck {...destinationQuestion} />}
                {form.failure !== null && <FormProblemAlert error={form.failure} />}
                <SubmitBar
                  label={ts('actions.save')}
                  submitting={form.submitting && !theirs}
                  disabled={form.submitting && theirs !== null}
                  cancel={{ label: ts('actions.cancel'), to: stagePath }}
                />
              </Stack>
            </form>
          </Paper>
        ) : (
          <ProblemAlert problem={{ kind: 'forbidden', status: 403, fields: [] }} />
        )}
      </Container>
    </>
  );
}
