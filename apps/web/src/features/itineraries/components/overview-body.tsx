import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport, IconMap2, IconPlus, IconRoute } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { scrollBehavior } from '../../../lib/motion';
import { useLanguage } from '../../../i18n/use-language';
import {
  layovers,
  referenceZone,
  bookingMoments,
  looseDays,
  planStages,
} from '../../bookings/public';
import { AttachmentList, PhotoGallery } from '../../files/public';
import { ActivityPanel } from '../../sharing/public';
import { useStageTracks } from '../../../components/maps/stage-routes';
import { TripMap } from '../../../components/maps/trip-map';
import { NotesSummary } from './notes-summary';
import { StageTimeline, type TimelineBookings } from './stage-timeline';
import { groupByStage, numberTrip, tripMarkers } from './trip-points';
import { useMarkerTitles } from './use-marker-titles';

function NothingPlanned({ itineraryId, canEdit }: { itineraryId: string; canEdit: boolean }) {
  const { t } = useTranslation('itineraries');
  const { to } = useLanguage();
  return (
    <Paper withBorder radius="lg" p="xl" bg="gray.0">
      <Stack align="center" ta="center" gap="sm">
        <IconRoute size={36} aria-hidden color="var(--mantine-color-jam-8)" />
        <Text fw={700} size="lg">
          {t('overview.emptyTitle')}
        </Text>
        <Text c="gray.8" maw={420}>
          {canEdit ? t('overview.emptyText') : t('overview.emptyViewer')}
        </Text>
        {canEdit && (
          <Button
            component={Link}
            to={to(`/itinerary/${itineraryId}/stage`)}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('overview.addStage')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The sections below a trip's first screen: photos, files, the timeline and map, notes,
 * activity. A chunk of its own, loaded alongside the trip's data (route-data.ts) and drawn
 * after the first screen (ItineraryOverview): not part of the page's first load.
 */
export function OverviewBody({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('itineraries');
  const { t: ti } = useTranslation('imports');
  const { to } = useLanguage();
  const { itinerary } = tree;
  const canEdit = itinerary.role !== 'viewer';
  const { groups, loose } = useMemo(() => groupByStage(tree), [tree]);
  const titles = useMarkerTitles();
  const numbers = useMemo(() => numberTrip(groups, loose), [groups, loose]);
  const points = useMemo(
    () => tripMarkers(groups, loose, numbers, titles),
    [groups, loose, numbers, titles],
  );
  const bookings = useMemo((): TimelineBookings => {
    const stages = groups.map((group) => group.stage);
    const plan = planStages(stages, bookingMoments(tree.bookings));
    return {
      byStage: plan.byStage,
      looseDays: looseDays(stages, plan.loose),
      waits: layovers(tree.bookings),
      reference: referenceZone(itinerary.timezone),
    };
  }, [groups, tree.bookings, itinerary.timezone]);
  const tracks = useStageTracks(itinerary.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const empty = tree.stages.length === 0 && tree.places.length === 0 && tree.bookings.length === 0;
  // The activity sits beside the timeline when there is room, else after it.
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });

  const select = (id: string) => {
    setSelectedId(id);
    document
      .getElementById(`trip-item-${id}`)
      ?.scrollIntoView({ behavior: scrollBehavior(), block: 'nearest' });
  };

  return (
    <>
      <PhotoGallery tree={tree} owner="trip" />
      <AttachmentList tree={tree} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <section aria-labelledby="timeline-title">
            <Stack gap="md">
              <Group justify="space-between" align="center">
                <Title order={2} size="h3" id="timeline-title">
                  {t('overview.timeline')}
                </Title>
                {canEdit && (
                  <Group gap="xs">
                    <Button
                      component={Link}
                      to={to(`/itinerary/${itinerary.id}/import`)}
                      variant="default"
                      size="sm"
                      leftSection={<IconFileImport size={16} aria-hidden />}
                    >
                      {ti('link.import')}
                    </Button>
                    {!empty && (
                      <Button
                        component={Link}
                        to={to(`/itinerary/${itinerary.id}/stage`)}
                        variant="light"
                        size="sm"
                        leftSection={<IconPlus size={16} aria-hidden />}
                      >
                        {t('overview.addStage')}
                      </Button>
                    )}
                  </Group>
                )}
              </Group>
              {empty ? (
                <NothingPlanned itineraryId={itinerary.id} canEdit={canEdit} />
              ) : (
                <StageTimeline
                  itineraryId={itinerary.id}
                  groups={groups}
                  loose={loose}
                  bookings={bookings}
                  numbers={numbers}
                  selectedId={selectedId}
                />
              )}
            </Stack>
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: '1rem' }}>
            <section aria-labelledby="map-title">
              <Stack gap="xs">
                <Group justify="space-between" align="center">
                  <Title order={2} size="h3" id="map-title">
                    {t('overview.map')}
                  </Title>
                  <Anchor
                    component={Link}
                    to={to(`/itinerary/${itinerary.id}/place`)}
                    size="sm"
                    fw={600}
                  >
                    <Group gap={4} component="span">
                      <IconMap2 size={16} aria-hidden />
                      {t('overview.openMap')}
                    </Group>
                  </Anchor>
                </Group>
                {points.length > 0 || tracks.length > 0 ? (
                  <TripMap
                    points={points}
                    tracks={tracks}
                    bookings={tree.bookings}
                    name={t('overview.mapName', { title: itinerary.title })}
                    selectedId={selectedId}
                    onSelect={select}
                    height={340}
                  />
                ) : (
                  <Paper withBorder radius="lg" p="lg" bg="gray.0">
                    <Text size="sm" c="gray.8">
                      {t('overview.noMapPoints')}
                    </Text>
                  </Paper>
                )}
              </Stack>
            </section>
            <NotesSummary itineraryId={itinerary.id} />
            {wide && <ActivityPanel itineraryId={itinerary.id} canEdit={canEdit} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {!wide && <ActivityPanel itineraryId={itinerary.id} canEdit={canEdit} />}
    </>
  );
}
