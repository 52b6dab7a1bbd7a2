import type { ImportBatch, LookupLine } from '@jammy/shared/imports';
import type { Stage } from '@jammy/shared/itineraries';
import { Button, Group, Paper, Radio, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { useCommitImport, useLookup, type ImportTarget } from '../api/imports';
import { Coordinates } from './coordinates';
import { ImportDone } from './import-done';
import { ImportProblem } from './import-problem';
import { StageChoice, type StageChoiceValue } from './stage-choice';

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
  const [text, setText] = useState('');
  const [items, setItems] = useState<LookupLine[] | null>(null);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [choice, setChoice] = useState<StageChoiceValue>({ stageId: '', stageTitle: '' });
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const lookup = useLookup(itineraryId, language);
  const target: ImportTarget = {
    itineraryId,
    ...(choice.stageId ? { stageId: choice.stageId } : {}),
    stageTitle: choice.stageTitle.trim() || t('paste.defaultStage'),
  };
  const commit = useCommitImport(target);

  if (batch) {
    return (
      <ImportDone
        batch={batch}
        newItinerary={false}
        onAgain={() => {
          setBatch(null);
          setItems(null);
          setText('');
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
        <StageChoice
          stages={stages}
          value={choice}
          onChange={setChoice}
          titleHint={t('paste.stageTitleHint')}
        />
        {commit.error ? <ImportProblem error={commit.error} /> : null}
        <Group gap="sm">
          <Button
            disabled={file.count === 0}
            loading={commit.isPending}
            onClick={() => commit.mutate(file.body, { onSuccess: setBatch })}
          >
            {t('paste.add', { count: file.count })}
          </Button>
          <Button variant="default" onClick={() => setItems(null)}>
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
        if (text.trim()) {
          lookup.mutate(text, {
            onSuccess: (result) => {
              setChosen({});
              setItems(result.items);
            },
          });
        }
      }}
    >
      <Textarea
        label={t('paste.label')}
        description={t('paste.hint')}
        placeholder={t('paste.placeholder')}
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {lookup.error ? <ImportProblem error={lookup.error} /> : null}
      <Group>
        <Button type="submit" disabled={!text.trim()} loading={lookup.isPending}>
          {t('paste.lookUp')}
        </Button>
      </Group>
    </Stack>
  );
}
