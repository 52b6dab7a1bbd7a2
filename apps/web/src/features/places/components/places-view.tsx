import type { ItineraryTree, PlaceCategory } from '@jammy/shared/itineraries';
import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMapPinOff } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { groupByStage, numberTrip, tripMarkers, useMarkerTitles } from '../../itineraries/public';
import { useStageTracks } from '../../../components/maps/stage-routes';
import { TripMap } from '../../../components/maps/trip-map';
import { filterGroups, groupPlaces, type PlaceFilters } from '../lib/place-order';
import { usePlaceFilters } from './use-place-filters';
import { EmptyPlaces } from './empty-places';
import { PlaceFiltersBar } from './place-filters';
import { PlaceList } from './place-list';
import { SelectedPlace } from './selected-place';
import { UnassignedPlaces } from './unassigned-places';

const DESKTOP_MAP_HEIGHT = 560;

/**
 * Every place of the trip on one map, numbered in trip order, with filters by stage and
 * category, the list beside the map (in step with it) and the places still without a stage.
 */
export function PlacesView({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('places');
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const { filters: requested, setStage, setCategories, clear } = usePlaceFilters();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The same function from render to render: the list's rows skip drawing again when only the
  // selection moved elsewhere.
  const select = useCallback(
    (id: string) => setSelectedId((current) => (current === id ? null : id)),
    [],
  );
  // Once shown, the "not yet in a stage" section stays (saying all is sorted) while here.
  const [sorting, setSorting] = useState(false);
  const canEdit = tree.itinerary.role !== 'viewer';
  const allTracks = useStageTracks(tree.itinerary.id);

  const groups = useMemo(() => groupPlaces(tree), [tree]);
  // The markers are the overview's: the same numbers, and a stage without located places
  // shown at its destination with the stage's number.
  const titles = useMarkerTitles();
  const trip = useMemo(() => {
    const { groups: stageGroups, loose } = groupByStage(tree);
    return { stageGroups, loose, numbers: numberTrip(stageGroups, loose) };
  }, [tree]);
  const everyPlace = useMemo(() => groups.flatMap((group) => group.places), [groups]);
  const stages = useMemo(
    () => groups.flatMap((group) => (group.stage ? [group.stage] : [])),
    [groups],
  );
  // A stage filter naming a stage that is gone (deleted meanwhile) shows everything.
  const stageExists = tree.stages.some((stage) => stage.id === requested.stage);
  const filters = useMemo<PlaceFilters>(
    () =>
      requested.stage === 'all' || requested.stage === 'none' || stageExists
        ? requested
        : { ...requested, stage: 'all' },
    [requested, stageExists],
  );
  const visible = useMemo(() => filterGroups(groups, filters), [groups, filters]);
  const shown = useMemo(() => visible.flatMap((group) => group.places), [visible]);
  const categoryCounts = useMemo(() => {
    const counts = new Map<PlaceCategory, number>();
    for (const { place } of everyPlace) {
      counts.set(place.category, (counts.get(place.category) ?? 0) + 1);
    }
    return counts;
  }, [everyPlace]);

  // The markers and tracks change with the trip and the filters, not with the selection: kept
  // from render to render, so choosing a place does not redraw (or regroup) 500 markers.
  const points = useMemo(() => {
    const shownIds = new Set(shown.map(({ place }) => place.id));
    return tripMarkers(trip.stageGroups, trip.loose, trip.numbers, titles, {
      place: (place) => shownIds.has(place.id),
      stage: (stage) =>
        filters.categories.length === 0 && (filters.stage === 'all' || filters.stage === stage.id),
    });
  }, [shown, trip, titles, filters]);
  // Tracks follow the stage markers: those of the stage shown, none while filtering by category.
  const tracks = useMemo(
    () =>
      allTracks.filter(
        (track) =>
          filters.categories.length === 0 &&
          (filters.stage === 'all' || filters.stage === track.stageId),
      ),
    [allTracks, filters],
  );
  const mapHeight = wide ? DESKTOP_MAP_HEIGHT : 340;

  if (everyPlace.length === 0) {
    return (
      <Stack gap="xl">
        {(points.length > 0 || tracks.length > 0) && (
          <TripMap
            name={tree.itinerary.title}
            points={points}
            tracks={tracks}
            showRoute
            height={mapHeight}
          />
        )}
        <EmptyPlaces
          itineraryId={tree.itinerary.id}
          canEdit={canEdit}
          stagesOnMap={points.length > 0 || tracks.length > 0}
        />
      </Stack>
    );
  }

  const offMap = shown.length - points.filter((point) => point.kind === 'place').length;
  const selected = shown.find(({ place }) => place.id === selectedId) ?? null;
  const unassigned = groups.find((group) => group.stage === null)?.places ?? [];
  if (canEdit && unassigned.length > 0 && !sorting) setSorting(true);

  return (
    <Stack gap="xl">
      <PlaceFiltersBar
        stages={stages}
        categoryCounts={categoryCounts}
        filters={filters}
        onStage={setStage}
        onCategories={setCategories}
        onClear={clear}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <TripMap
            name={tree.itinerary.title}
            points={points}
            tracks={tracks}
            showRoute={filters.stage !== 'all' && filters.stage !== 'none'}
            selectedId={selected?.place.id ?? null}
            onSelect={select}
            height={mapHeight}
          />
          {selected && (
            <SelectedPlace
              itineraryId={tree.itinerary.id}
              tree={tree}
              entry={selected}
              onClose={() => setSelectedId(null)}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="sm" component="section" aria-labelledby="places-list-title">
            <div>
              <Title order={2} size="h3" id="places-list-title">
                {t('list.title')}
              </Title>
              <Text size="sm" c="gray.8" role="status">
                {t('filters.showing', { shown: shown.length, count: everyPlace.length })}
              </Text>
              {offMap > 0 && (
                <Group gap={6} c="gray.8" mt={4} wrap="nowrap" align="flex-start">
                  <IconMapPinOff size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                  <Text size="sm" c="gray.8">
                    {t('list.offMap', { count: offMap })}
                  </Text>
                </Group>
              )}
            </div>
            {visible.length > 0 ? (
              <PlaceList
                groups={visible}
                selectedId={selected?.place.id ?? null}
                onSelect={select}
                maxHeight={wide ? DESKTOP_MAP_HEIGHT - 70 : undefined}
              />
            ) : (
              <Text size="sm" c="gray.8">
                {t('list.noMatch')}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {canEdit && sorting && (
        <UnassignedPlaces
          itineraryId={tree.itinerary.id}
          entries={unassigned}
          stages={stages}
          allPlaces={tree.places}
        />
      )}
    </Stack>
  );
}
