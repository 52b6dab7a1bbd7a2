import type { Stage } from '@jammy/shared/itineraries';
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import type { FieldProps } from '../../../components/form/use-form';

/** Where imported places go: a stage's id ('' for a new stage) and the new stage's title. */
export type StageChoiceValues = { stageId: string; stageTitle: string };

export const NEW_STAGE: StageChoiceValues = { stageId: '', stageTitle: '' };

/** The query fields of an import's target the choice makes (a title only for a new stage). */
export function stageQuery({ stageId, stageTitle }: StageChoiceValues) {
  if (stageId) return { stageId };
  return stageTitle.trim() ? { stageTitle: stageTitle.trim() } : {};
}

/** Which stage imported places go to: one of the trip's, or a new one (with a title). */
export function StageChoice({
  stages,
  stageId,
  stageTitle,
  titleHint,
}: {
  stages: Stage[];
  /** The form's fields of the choice. */
  stageId: FieldProps<string>;
  stageTitle: FieldProps<string>;
  /** What an empty title becomes (default: the file's name). */
  titleHint?: string;
}) {
  const { t } = useTranslation('imports');
  return (
    <Stack gap="xs">
      <NativeSelect
        {...stageId}
        label={t('form.stage')}
        data={[
          { value: '', label: t('form.newStage') },
          ...stages.map((stage) => ({ value: stage.id, label: stage.title })),
        ]}
      />
      {stageId.value === '' && (
        <TextInput
          {...stageTitle}
          label={t('form.stageTitle')}
          description={titleHint ?? t('form.stageTitleHint')}
          maxLength={120}
        />
      )}
    </Stack>
  );
}
