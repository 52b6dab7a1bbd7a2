import type { ItineraryTree, Stage } from '@jammy/shared/itineraries';
import { Button, Container, Group, Paper, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange } from '../../../lib/format';
import { useUpdateStage } from '../../itineraries/api/stages';
import { ItineraryHeader } from '../../itineraries/components/itinerary-header';
import { useDestinationCheck } from '../hooks/use-destination-check';
import { destinationLabel } from '../lib/country';
import { conflictCurrent, toProblem, type Problem } from '../lib/problem';
import {
  draftToInput,
  stageErrorsFromFields,
  stageToDraft,
  validateStageDraft,
  withDestination,
  type StageDraft,
  type StageErrors,
} from '../lib/stage-draft';
import { ConflictPanel, type ConflictRow } from './conflict-panel';
import { DestinationCheck } from './destination-check';
import { ProblemAlert } from './problem-alert';
import { StageFields } from './stage-fields';

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
  const [draft, setDraft] = useState(() => stageToDraft(stage));
  const [version, setVersion] = useState(stage.version);
  const [errors, setErrors] = useState<StageErrors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [theirs, setTheirs] = useState<Stage | null>(null);
  const stagePath = to(`/itinerary/${tree.itinerary.id}/stage/${stage.id}`);
  const canEdit = tree.itinerary.role !== 'viewer';
  const destinationCheck = useDestinationCheck();
  const question = destinationCheck.questionFor(draft);

  /** A destination typed but never picked is looked up and confirmed before saving. */
  const submit = async () => {
    const found = validateStageDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await destinationCheck.ready(draft)) await save(version);
  };

  /** Saves `values` (the draft, or the draft with its destination confirmed). */
  const save = async (atVersion: number, values: StageDraft = draft) => {
    const found = validateStageDraft(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setProblem(null);
    destinationCheck.dismiss();
    if (values !== draft) setDraft(values);
    try {
      await updateStage.mutateAsync({
        stageId: stage.id,
        version: atVersion,
        ...draftToInput(values, true),
      });
      void navigate(stagePath);
    } catch (error) {
      const current = conflictCurrent<Stage>(error);
      if (current) {
        setTheirs(current);
        return;
      }
      const next = toProblem(error);
      setProblem(next);
      setErrors(stageErrorsFromFields(next.fields));
    }
  };

  return (
    <>
      <ItineraryHeader itinerary={tree.itinerary} heading={t('routes.stage-edit.title')} />
      <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
        {canEdit ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <form
              noValidate
              aria-label={ts('edit.formLabel', { name: stage.title })}
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Stack gap="lg">
                <StageFields draft={draft} errors={errors} onChange={setDraft} withNotes />
                {theirs && (
                  <ConflictPanel
                    rows={conflictRows(stageToDraft(theirs), draft)}
                    reapplying={updateStage.isPending}
                    onUseTheirs={() => {
                      setDraft(stageToDraft(theirs));
                      setVersion(theirs.version);
                      setTheirs(null);
                    }}
                    onReapplyMine={() => {
                      setVersion(theirs.version);
                      void save(theirs.version);
                    }}
                  />
                )}
                {question && (
                  <DestinationCheck
                    question={question}
                    saving={updateStage.isPending}
                    onUse={(place) => void save(version, withDestination(draft, place))}
                    onKeep={() => void save(version)}
                    onChangeName={() => {
                      destinationCheck.dismiss();
                      document
                        .querySelector<HTMLInputElement>('form [data-field="destination"]')
                        ?.focus();
                    }}
                  />
                )}
                {problem && <ProblemAlert problem={problem} />}
                <Group justify="flex-end" gap="sm">
                  <Button component={Link} to={stagePath} variant="default">
                    {ts('actions.cancel')}
                  </Button>
                  <Button type="submit" loading={updateStage.isPending && !theirs}>
                    {ts('actions.save')}
                  </Button>
                </Group>
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
