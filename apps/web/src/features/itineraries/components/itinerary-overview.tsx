import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ExportMenu } from '../../exports/public';
import { ItineraryCover, coverImageOf } from './itinerary-cover';
import { ItineraryHeader } from './itinerary-header';
import { loadOverviewBody } from './load-overview-body';
import { TripTotals } from './trip-totals';

function About({ tree, canEdit }: { tree: ItineraryTree; canEdit: boolean }) {
  const { t } = useTranslation('itineraries');
  const { to } = useLanguage();
  const { description, id } = tree.itinerary;
  if (!description && !canEdit) return null;
  return (
    <section aria-labelledby="about-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="about-title">
          {t('overview.about')}
        </Title>
        {description ? (
          <Text c="ink.9" style={{ whiteSpace: 'pre-wrap' }} maw={720} dir="auto">
            {description}
          </Text>
        ) : (
          <Text c="gray.8">
            {t('overview.noDescription')}{' '}
            <Anchor component={Link} to={to(`/itinerary/${id}/edit`)} fw={600}>
              {t('overview.addDescription')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </section>
  );
}

/** The space below the first screen while it is drawn: it keeps its place, marked busy. */
function BelowLoading() {
  return <div aria-busy="true" style={{ minHeight: '100vh' }} />;
}

// Fetched alongside the trip's data (route-data.ts), drawn after the first screen.
const OverviewBody = lazy(async () => ({ default: (await loadOverviewBody()).OverviewBody }));

/**
 * /itinerary/{id}: the whole trip at a glance. Totals, the stages as a timeline with their
 * places and each booking in its day among them, everything numbered on a map, the notes and lists, and who changed what lately.
 * Viewers see no edit controls.
 *
 * The page opens with its first screen (header, description, totals); what lies below is
 * drawn in a render of its own that React may pause every few milliseconds (a deferred value),
 * so no single task draws the whole trip and the title shows as soon as the answer is there.
 * Until then the space below keeps its place, marked busy. Its code is a chunk of its own, not
 * part of the page's first load.
 */
export function ItineraryOverview({
  tree,
  notice,
}: {
  tree: ItineraryTree;
  /** Shown first, under the header (the copy step's word on the dates). */
  notice?: ReactNode;
}) {
  const { itinerary } = tree;
  const canEdit = itinerary.role !== 'viewer';
  const below = useDeferredValue<ItineraryTree | null>(tree, null);

  return (
    <>
      <ItineraryHeader itinerary={itinerary} actions={<ExportMenu itinerary={itinerary} />} />
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="xl">
          {notice}
          {coverImageOf(itinerary, 'medium') && (
            <Paper radius="lg" style={{ overflow: 'hidden' }} data-testid="overview-cover">
              <ItineraryCover
                id={itinerary.id}
                title={itinerary.title}
                coverUrl={coverImageOf(itinerary, 'medium')}
                height={200}
              />
            </Paper>
          )}
          <About tree={tree} canEdit={canEdit} />
          <TripTotals tree={tree} />
          {below ? (
            <Suspense fallback={<BelowLoading />}>
              <OverviewBody tree={below} />
            </Suspense>
          ) : (
            <BelowLoading />
          )}
        </Stack>
      </Container>
    </>
  );
}
