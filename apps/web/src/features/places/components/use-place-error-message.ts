import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';

/** One translated sentence for a failed request of the map page. */
export function usePlaceErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('places');
  return (error) => {
    if (!(error instanceof ApiError)) return t('errors.unknown');
    if (error.isNetworkError) return t('errors.network');
    if (error.status === 403) return t('errors.forbidden');
    if (error.status === 404) return t('errors.notFound');
    if (error.code === 'conflict') return t('errors.conflict');
    return t('errors.unknown');
  };
}
