import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { MarkerTitles } from './trip-points';

/** Marker tooltips in the page's language: "Stage 2: Simon's Town", "7. Cape Point". */
export function useMarkerTitles(): MarkerTitles {
  const { t } = useTranslation('itineraries');
  return useMemo(
    () => ({
      stage: (number, name) => t('overview.stageMarker', { number, name }),
      place: (number, name) => `${number}. ${name}`,
    }),
    [t],
  );
}
