import type { Stage } from '@jammy/shared/itineraries';
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

/** The stage of the trip an expense or a planned amount is for, or none (`''`). */
export function StageSelect({
  stages,
  ...rest
}: { stages: Stage[] } & Omit<NativeSelectProps, 'data' | 'label'>) {
  const { t } = useTranslation('budget');
  return (
    <NativeSelect
      {...rest}
      label={t('form.stage')}
      data={[
        { value: '', label: t('form.noStage') },
        ...stages.map((stage) => ({ value: stage.id, label: stage.title })),
      ]}
    />
  );
}
