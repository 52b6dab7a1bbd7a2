import { Alert, Button, Container, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';

/** The map page while the trip loads: the shapes of header, filters, map and list. */
export function PlacesSkeleton({ heading }: { heading: string }) {
  const { t } = useTranslation('places');
  return (
    <Container size="lg" py="xl" aria-busy="true" aria-label={t('loading')}>
      <Stack gap="lg">
        <Skeleton height={16} width={140} />
        <Title order={1}>{heading}</Title>
        <Skeleton height={40} width="100%" />
        <Group align="flex-start" gap="xl" wrap="nowrap">
          <Skeleton height={420} style={{ flex: 2 }} radius="lg" />
          <Stack style={{ flex: 1 }} gap="sm" visibleFrom="md">
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} height={60} radius="md" />
            ))}
          </Stack>
        </Group>
      </Stack>
    </Container>
  );
}

/** The trip could not be loaded: why (gone, no access, offline), and what to do. */
export function PlacesLoadError({
  heading,
  error,
  onRetry,
}: {
  heading: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('places');
  const { to } = useLanguage();
  const status = error instanceof ApiError ? error.status : -1;
  const message =
    status === 404
      ? t('errors.tripGone')
      : status === 403
        ? t('errors.tripForbidden')
        : status === 0
          ? t('errors.network')
          : t('errors.unknown');
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {heading}
      </Title>
      <Alert
        role="alert"
        color="red"
        variant="light"
        title={t('errors.loadTitle')}
        icon={<IconAlertTriangle size={20} aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          {message}
          <Group gap="sm">
            {status !== 404 && status !== 403 && (
              <Button
                size="xs"
                color="red"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={onRetry}
              >
                {t('errors.retry')}
              </Button>
            )}
            <Button size="xs" variant="default" component={Link} to={to('/itineraries')}>
              {t('errors.backToList')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
