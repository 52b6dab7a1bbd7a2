import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { problemKey } from './problem';

/** A failed request explained in place, with a retry when one makes sense. */
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
  const key = problemKey(error);
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-problem={key}
    >
      <Group gap="sm" align="center">
        <Text size="sm" c="red.9">
          {lead ? `${lead} ` : ''}
          {t(key)}
        </Text>
        {key === 'errors.notFound' && (
          <Anchor component={Link} to={to('/itineraries')} size="sm" fw={700} c="red.9">
            {t('notFound.back')}
          </Anchor>
        )}
        {key === 'errors.unauthenticated' && (
          <Anchor component={Link} to={to('/login/start')} size="sm" fw={700} c="red.9">
            {t('errors.signIn')}
          </Anchor>
        )}
        {onRetry &&
          (key === 'errors.network' || key === 'errors.server' || key === 'errors.rateLimited') && (
            <Button size="compact-sm" variant="white" color="red.9" onClick={onRetry}>
              {t('errors.retry')}
            </Button>
          )}
      </Group>
    </Alert>
  );
}
