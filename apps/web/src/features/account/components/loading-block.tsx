import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

/** Placeholder shapes while something loads, announced as loading. */
export function LoadingBlock({ heights, radius = 'md' }: { heights: number[]; radius?: string }) {
  const { t } = useTranslation('account');
  return (
    <Stack gap="xs" aria-busy="true">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {heights.map((height, index) => (
        <Skeleton key={index} height={height} radius={radius} />
      ))}
    </Stack>
  );
}
