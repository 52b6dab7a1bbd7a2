import type { Stage } from '@jammy/shared/itineraries';
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StageChoiceValue {
  /** '' : a new stage. */
  stageId: string;
  stageTitle: string;
}

/** Which stage imported places go to: one of the trip's, or a new one (with a title). */
export function StageChoice({
  stages,
  value,
  onChange,
  titleHint,
}: {
  stages: Stage[];
  /** What an empty title becomes (default: the file's name). */
  titleHint?: string;
  value: StageChoiceValue;
  onChange: (value: StageChoiceValue) => void;
}) {
  const { t } = useTranslation('imports');
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('form.stage')}
        value={value.stageId}
        onChange={(event) => onChange({ ...value, stageId: event.currentTarget.value })}
        data={[
          { value: '', label: t('form.newStage') },
          ...stages.map((stage) => ({ value: stage.id, label: stage.title })),
        ]}
      />
      {value.stageId === '' && (
        <TextInput
          label={t('form.stageTitle')}
          description={titleHint ?? t('form.stageTitleHint')}
          value={value.stageTitle}
          maxLength={120}
          onChange={(event) => onChange({ ...value, stageTitle: event.currentTarget.value })}
        />
      )}
    </Stack>
  );
}
