import { Anchor, Button } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { ProblemAlert as FormProblemAlert } from '../../../components/form/problem-alert';
import { useLanguage } from '../../../i18n/use-language';
import { toProblem } from '../../../lib/problem';

const RETRYABLE = new Set([
  'network/failed',
  'network/timeout',
  'request/rate-limited',
  'service/unavailable',
  'internal',
  'unknown',
]);

/**
 * A failed request about trips explained in place (the kit's message of its code), with the
 * way on it calls for: back to the trips when the trip is gone, to sign in when the session
 * ended, a retry when trying again can help.
 */
export function ProblemAlert({
  error,
  lead,
  onRetry,
}: {
  error: unknown;
  /** What failed ("Your itineraries could not be loaded."), before the reason. */
  lead?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('itineraries');
  const { to } = useLanguage();
  const { code } = toProblem(error);
  return (
    <FormProblemAlert error={error} {...(lead ? { lead } : {})}>
      {code === 'itinerary/not-found' && (
        <Anchor component={Link} to={to('/itineraries')} size="sm" fw={700} c="red.9">
          {t('notFound.back')}
        </Anchor>
      )}
      {code === 'auth/unauthenticated' && (
        <Anchor component={Link} to={to('/login/start')} size="sm" fw={700} c="red.9">
          {t('errors.signIn')}
        </Anchor>
      )}
      {onRetry && RETRYABLE.has(code) && (
        <Button size="compact-sm" variant="white" color="red.9" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      )}
    </FormProblemAlert>
  );
}
