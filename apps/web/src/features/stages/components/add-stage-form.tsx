import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateStage } from '../../itineraries/api/stages';
import { useDestinationCheck } from '../hooks/use-destination-check';
import { toProblem, type Problem } from '../lib/problem';
import {
  EMPTY_STAGE_DRAFT,
  draftToInput,
  stageErrorsFromFields,
  validateStageDraft,
  withDestination,
  type StageDraft,
  type StageErrors,
} from '../lib/stage-draft';
import { DestinationCheck } from './destination-check';
import { ProblemAlert } from './problem-alert';
import { StageFields } from './stage-fields';

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
  const [draft, setDraft] = useState(EMPTY_STAGE_DRAFT);
  const [errors, setErrors] = useState<StageErrors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const destinationCheck = useDestinationCheck();
  const question = destinationCheck.questionFor(draft);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateStageDraft(draft);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) {
      titleRef.current?.form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (await destinationCheck.ready(draft)) await save(draft);
  };

  const save = async (submitted: StageDraft) => {
    const input = draftToInput(submitted, false);
    // The stage shows in the list at once: clear the form for the next one right away, and
    // bring the typed values back only if saving fails.
    destinationCheck.dismiss();
    setDraft(EMPTY_STAGE_DRAFT);
    titleRef.current?.focus();
    try {
      await createStage.mutateAsync(input);
      onAdded(input.title);
    } catch (error) {
      const next = toProblem(error);
      setDraft((current) => (current === EMPTY_STAGE_DRAFT ? submitted : current));
      setProblem(next);
      setErrors(stageErrorsFromFields(next.fields));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="add-stage-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="add-stage-title">
            {t('add.title')}
          </Title>
          <StageFields
            draft={draft}
            errors={errors}
            onChange={setDraft}
            withNotes={false}
            titleRef={titleRef}
          />
          {question && (
            <DestinationCheck
              question={question}
              saving={createStage.isPending}
              onUse={(place) => void save(withDestination(draft, place))}
              onKeep={() => void save(draft)}
              onChangeName={() => {
                destinationCheck.dismiss();
                titleRef.current?.form
                  ?.querySelector<HTMLInputElement>('[data-field="destination"]')
                  ?.focus();
              }}
            />
          )}
          {problem && <ProblemAlert problem={problem} />}
          <Button
            type="submit"
            loading={createStage.isPending}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('add.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
