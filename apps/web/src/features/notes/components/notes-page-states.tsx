import { Alert, Button, Container, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { problemOf } from '../problem';

/** The notes page while the trip loads. */
export function NotesSkeleton({ heading }: { heading: string }) {
  const { t } = useTranslation('notes');
  return (
    <Container size="lg" py="xl" aria-busy="true" aria-label={t('loading')}>
      <Stack gap="lg">
        <Skeleton height={16} width={140} />
        <Title order={1}>{heading}</Title>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Skeleton height={150} radius="lg" />
              <Skeleton height={110} radius="lg" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
            <Skeleton height={240} radius="lg" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** The trip could not be loaded: why (gone, no access, offline), and what to do. */
export function NotesLoadError({
  heading,
  error,
  onRetry,
}: {
  heading: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('notes');
  const { to } = useLanguage();
  const { kind } = problemOf(error);
  const message =
    kind === 'not-found'
      ? t('page.tripGone')
      : kind === 'forbidden'
        ? t('page.tripForbidden')
        : t(`problems.${kind === 'network' ? 'network' : 'unknown'}`);
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {heading}
      </Title>
      <Alert
        role="alert"
        color="red"
        variant="light"
        title={t('page.loadTitle')}
        icon={<IconAlertTriangle size={20} aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          {message}
          <Group gap="sm">
            {kind !== 'not-found' && kind !== 'forbidden' && (
              <Button
                size="xs"
                color="red"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={onRetry}
              >
                {t('problems.retry')}
              </Button>
            )}
            <Button size="xs" variant="default" component={Link} to={to('/itineraries')}>
              {t('page.backToList')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
