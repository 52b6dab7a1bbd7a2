import type { ItineraryTree } from '@jammy/shared/itineraries';
import {
  Button,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import notFoundArt from '../../../assets/not-found.svg';
import { useLanguage } from '../../../i18n/use-language';
import { itineraryTreeQuery } from '../api/itineraries';
import headerClasses from './itinerary-header.module.css';
import { isNotFound, retryUnlessFinal } from '../../../lib/read-failures';
import { ProblemAlert } from './problem-alert';

/** The itinerary's tree; a 404 or 403 is final and shown at once (no retry). */
export function useTree(id: string) {
  return useQuery({ ...itineraryTreeQuery(id), retry: retryUnlessFinal });
}

/** The page's shape while the itinerary loads. */
export function ItineraryPageSkeleton({
  label,
  heading,
  headingIsTitle,
}: {
  label: string;
  /** The page's h1: shown at once on sub-pages, only to assistive tech on the overview. */
  heading: string;
  /** The h1 will be the itinerary's own title (the overview), not yet known. */
  headingIsTitle: boolean;
}) {
  return (
    <div aria-busy="true">
      <div className={headerClasses.header}>
        <Container size="lg" pb="md">
          <Stack gap="sm">
            <Skeleton height={14} width={120} />
            {headingIsTitle ? (
              <>
                <VisuallyHidden>
                  <Title order={1}>{heading}</Title>
                </VisuallyHidden>
                <Skeleton height={34} width="55%" />
              </>
            ) : (
              <>
                <Title order={1}>{heading}</Title>
                <Skeleton height={18} width="35%" />
              </>
            )}
            <Skeleton height={14} width={220} />
            <Group gap="md" mt="sm">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} height={18} width={70} />
              ))}
            </Group>
          </Stack>
        </Container>
      </div>
      <Container size="lg" py="xl" role="status" aria-label={label}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Skeleton height={90} radius="lg" />
              <Skeleton height={160} radius="lg" />
              <Skeleton height={160} radius="lg" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={320} radius="lg" />
          </Grid.Col>
        </Grid>
      </Container>
    </div>
  );
}

/** The itinerary is not there for this traveller (never was, deleted, or not shared). */
export function ItineraryUnavailable() {
  const { t } = useTranslation('itineraries');
  const { to } = useLanguage();
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack align="center" ta="center" gap="md" data-state="itinerary-not-found">
        <img
          src={notFoundArt}
          alt=""
          width={240}
          height={180}
          style={{ maxWidth: '100%', height: 'auto' }}
        />
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="gray.8" maw={480}>
          {t('notFound.text')}
        </Text>
        <Button
          component={Link}
          to={to('/itineraries')}
          leftSection={<IconArrowLeft size={18} aria-hidden className={headerClasses.backIcon} />}
        >
          {t('notFound.back')}
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * Loads one itinerary and renders `children` with it; meanwhile a skeleton, and when it
 * cannot be had a clear message (404: not there or not shared; else the reason and a retry).
 */
export function ItineraryTreeGate({
  id,
  heading,
  headingIsTitle = false,
  children,
}: {
  id: string;
  /** The page's h1 while loading and when the itinerary could not be loaded. */
  heading: string;
  /** The loaded page's h1 is the itinerary's title (the overview). */
  headingIsTitle?: boolean;
  children: (tree: ItineraryTree) => ReactNode;
}) {
  const { t } = useTranslation('itineraries');
  const query = useTree(id);
  if (query.isPending) {
    return (
      <ItineraryPageSkeleton
        label={t('overview.loading')}
        heading={heading}
        headingIsTitle={headingIsTitle}
      />
    );
  }
  if (query.isError && (!query.data || isNotFound(query.error))) {
    if (isNotFound(query.error)) return <ItineraryUnavailable />;
    return (
      <Container size="md" py="xl">
        <Stack gap="md">
          <Title order={1}>{heading}</Title>
          <ProblemAlert
            error={query.error}
            lead={t('overview.failed')}
            onRetry={() => void query.refetch()}
          />
        </Stack>
      </Container>
    );
  }
  return children(query.data);
}
