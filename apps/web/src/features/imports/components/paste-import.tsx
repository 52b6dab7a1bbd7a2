import type { ImportBatch, LookupLine } from '@jammy/shared/imports';
import { IMPORT_LIMITS, importQuerySchema, lookupRequestSchema } from '@jammy/shared/imports-query';
import type { Stage } from '@jammy/shared/itineraries';
import { Paper, Radio, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { useCommitImport, useLookup } from '../api/imports';
import { Coordinates } from './coordinates';
import { ImportDone } from './import-done';
import { ImportProblem } from './import-problem';
import { NEW_STAGE, StageChoice, stageQuery, type StageChoiceValues } from './stage-choice';

const SKIP = 'skip';

/** The chosen candidates as a GeoJSON file: committed through the same route as any file. */
function chosenFile(items: LookupLine[], chosen: Record<number, string>) {
  const features = items.flatMap((item, index) => {
    const pick = chosen[index] ?? (item.candidates.length > 0 ? '0' : SKIP);
    const candidate = pick === SKIP ? undefined : item.candidates[Number(pick)];
    if (!candidate) return [];
    return [
      {
        type: 'Feature',
        properties: { name: candidate.name, category: candidate.category },
        geometry: { type: 'Point', coordinates: [candidate.lng, candidate.lat] },
      },
    ];
  });
  return {
    count: features.length,
    body: {
      name: 'list',
      type: 'application/geo+json',
      text: JSON.stringify({ type: 'FeatureCollection', features }),
    },
  };
}

/** Place names or Google Maps links, one a line: looked up, reviewed line by line, added. */
export function PasteImport({ itineraryId, stages }: { itineraryId: string; stages: Stage[] }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const [items, setItems] = useState<LookupLine[] | null>(null);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const lookup = useLookup(itineraryId, language);
  const lookupForm = useForm({
    ns: 'imports',
    // More lines than are looked up at once is the server's refusal of the text as a whole.
    messages: { text: { invalid: 'paste.refused' } },
    messageValues: { max: IMPORT_LIMITS.lines },
    initialValues: { text: '' },
    schema: lookupRequestSchema,
    submit: async ({ text }) => {
      const result = await lookup.mutateAsync(text);
      setChosen({});
      setItems(result.items);
    },
  });
  // Places go to the stage chosen, or to a new one named as typed (or "Pasted places").
  const queryOf = (choice: StageChoiceValues) => ({
    ...stageQuery(choice),
    ...(choice.stageId ? {} : { stageTitle: choice.stageTitle.trim() || t('paste.defaultStage') }),
  });
  const commitForm = useForm({
    ns: 'imports',
    initialValues: NEW_STAGE,
    schema: importQuerySchema,
    toBody: queryOf,
    submit: async () => {
      if (items) setBatch(await commit.mutateAsync(chosenFile(items, chosen).body));
    },
  });
  const commit = useCommitImport({ itineraryId, ...queryOf(commitForm.values) });

  if (batch) {
    return (
      <ImportDone
        batch={batch}
        newItinerary={false}
        onAgain={() => {
          setBatch(null);
          setItems(null);
          lookupForm.setValue('text', '');
          setChosen({});
        }}
      />
    );
  }

  if (items) {
    const file = chosenFile(items, chosen);
    return (
      <Stack gap="md" data-testid="paste-review">
        <Title order={2} size="h3">
          {t('review.title')}
        </Title>
        {items.map((item, index) => (
          <Paper key={`${index}-${item.line}`} withBorder radius="md" p="sm">
            <Radio.Group
              label={<bdi style={{ overflowWrap: 'anywhere' }}>{item.line}</bdi>}
              value={chosen[index] ?? (item.candidates.length > 0 ? '0' : SKIP)}
              onChange={(value) => setChosen((current) => ({ ...current, [index]: value }))}
              description={item.problem ? t(`paste.problems.${item.problem}`) : undefined}
            >
              <Stack gap={6} mt="xs">
                {item.candidates.map((candidate, candidateIndex) => (
                  <Radio
                    key={`${candidate.lat},${candidate.lng},${candidateIndex}`}
                    value={String(candidateIndex)}
                    label={`${candidate.name}${candidate.country ? ` (${candidate.country})` : ''}`}
                    description={<Coordinates lat={candidate.lat} lng={candidate.lng} />}
                  />
                ))}
                <Radio value={SKIP} label={t('paste.skip')} />
              </Stack>
            </Radio.Group>
          </Paper>
        ))}
        <form {...commitForm.formProps}>
          <Stack gap="md">
            <StageChoice
              stages={stages}
              stageId={commitForm.field('stageId')}
              stageTitle={commitForm.field('stageTitle')}
              titleHint={t('paste.stageTitleHint')}
            />
            {commitForm.failure !== null && <ImportProblem error={commitForm.failure} />}
            <SubmitBar
              label={t('paste.add', { count: file.count })}
              submitting={commitForm.submitting}
              disabled={file.count === 0}
              size="sm"
              align="start"
              cancel={{ label: t('review.back'), onClick: () => setItems(null) }}
            />
          </Stack>
        </form>
      </Stack>
    );
  }

  const text = lookupForm.field('text');
  return (
    <form {...lookupForm.formProps}>
      <Stack gap="md">
        <Textarea
          {...text}
          label={t('paste.label')}
          description={t('paste.hint')}
          placeholder={t('paste.placeholder')}
          autosize
          minRows={4}
          maxRows={12}
        />
        {lookupForm.failure !== null && <ImportProblem error={lookupForm.failure} />}
        <SubmitBar
          label={t('paste.lookUp')}
          submitting={lookupForm.submitting}
          disabled={!text.value.trim()}
          size="sm"
          align="start"
        />
      </Stack>
    </form>
  );
}
