import type { ItineraryTree, Place, Stage } from '@jammy/shared/itineraries';
import { Button, Container, Grid, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { scrollBehavior } from '../../../lib/motion';
import emptyArt from '../../../assets/empty-itineraries.svg';
import { useLanguage } from '../../../i18n/use-language';
import { PhotoGallery } from '../../files/public';
import { ItineraryHeader } from '../../itineraries/public';
import { useMovePlace } from '../../places/public';
import { useStageTracks } from '../../../components/maps/stage-routes';
import { TripMap, type MapPoint } from '../../../components/maps/trip-map';
import { placePoints } from '../lib/map-points';
import { toProblem, type Problem } from '../lib/problem';
import { PlaceRow } from './place-row';
import { ProblemAlert } from './problem-alert';
import { SortableList } from './sortable-list';
import { StageSummary } from './stage-summary';
import classes from './stages.module.css';

// The place's editor and the question before deleting one (their forms and checks) are not
// part of the page's first load: they load when the pointer or the focus first comes to the
// list of places (on the way to a row's buttons), or when first asked for. Not when the page
// is idle: making the editor's checks is a long task, and the page must answer at once after
// it shows (issue 34); a visitor who only reads the stage never pays it.
const PlaceEditModal = lazy(async () => ({
  default: (await import('./place-edit-modal')).PlaceEditModal,
}));
const DeletePlaceModal = lazy(async () => ({
  default: (await import('./delete-place-modal')).DeletePlaceModal,
}));
// A day's plan (its timeline, the optimiser's dialog) loads with the first stage that has days.
const DayPlanPanel = lazy(async () => ({
  default: (await import('./day-plan-panel')).DayPlanPanel,
}));

const nameOfPlace = (place: Place) => place.name;

/** /itinerary/{id}/stage/{stageId}: the stage's places in order, on a list and a map. */
export function StageView({ tree, stage }: { tree: ItineraryTree; stage: Stage }) {
  const { t } = useTranslation('stages');
  const { to } = useLanguage();
  const { itinerary } = tree;
  const canEdit = itinerary.role !== 'viewer';
  // The same list (and the same functions below) from one render to the next while the trip
  // does not change: the rows draw again only when theirs do (SortableList), not each time
  // the page does (the map's routes arriving, the dialogs loading).
  const places = useMemo(
    () => tree.places.filter((place) => place.stageId === stage.id),
    [tree.places, stage.id],
  );
  const movePlace = useMovePlace(itinerary.id);
  const tracks = useStageTracks(itinerary.id, { stageId: stage.id });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const wantDialogs = dialogsWanted ? undefined : () => setDialogsWanted(true);
  const [announcement, setAnnouncement] = useState('');
  // The chosen day's route, shown on the map instead of the stage's places while there is one.
  const [dayRoute, setDayRoute] = useState<MapPoint[] | null>(null);
  const planned = places.some((place) => place.day !== null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const addPath = to(`/itinerary/${itinerary.id}/stage/${stage.id}/add`);

  const { mutate: mutateMove } = movePlace;
  const move = useCallback(
    (place: Place, afterId: string | null) => {
      setProblem(null);
      mutateMove(
        { placeId: place.id, afterId, version: place.version },
        { onError: (error) => setProblem(toProblem(error)) },
      );
    },
    [mutateMove],
  );
  const selectFromList = useCallback(
    (target: Place) => setSelectedId((current) => (target.id === current ? null : target.id)),
    [],
  );
  const edit = useCallback((target: Place) => setEditingId(target.id), []);
  const askToDelete = useCallback((target: Place) => setDeletingId(target.id), []);
  const renderPlace = useCallback(
    (place: Place, index: number, controls: ReactNode) => (
      <PlaceRow
        place={place}
        index={index}
        selected={place.id === selectedId}
        onSelect={selectFromList}
        controls={controls}
        canEdit={canEdit}
        onEdit={edit}
        onDelete={askToDelete}
      />
    ),
    [selectedId, selectFromList, canEdit, edit, askToDelete],
  );
  const selectFromMap = (id: string) => {
    setSelectedId(id);
    document
      .querySelector(`[data-place-id="${id}"]`)
      ?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  };

  return (
    <>
      <ItineraryHeader itinerary={itinerary} heading={stage.title} />
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="xl">
          <StageSummary stage={stage} stages={tree.stages} canEdit={canEdit} />
          <PhotoGallery tree={tree} owner={{ stageId: stage.id }} />
          <Grid gap={{ base: 'lg', md: 'xl' }}>
            <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
              <Stack gap="md" onPointerEnter={wantDialogs} onFocus={wantDialogs}>
                <Title order={2} size="h3" ref={listHeading} tabIndex={-1}>
                  {t('places.title', { count: places.length })}
                </Title>
                {problem && <ProblemAlert problem={problem} title={t('problems.move')} />}
                {places.length === 0 ? (
                  <Paper withBorder radius="lg" p="xl" className={classes.empty}>
                    <Stack gap="sm" align="center">
                      <img src={emptyArt} alt="" className={classes.emptyArt} />
                      <Text fw={700} size="lg">
                        {t('places.emptyTitle')}
                      </Text>
                      <Text c="gray.8" maw={420}>
                        {canEdit ? t('places.emptyText') : t('places.emptyViewer')}
                      </Text>
                      {canEdit && (
                        <Button
                          component={Link}
                          to={addPath}
                          leftSection={<IconPlus size={16} aria-hidden />}
                        >
                          {t('stage.addPlaces')}
                        </Button>
                      )}
                    </Stack>
                  </Paper>
                ) : (
                  <SortableList
                    items={places}
                    label={t('places.label', { name: stage.title })}
                    canReorder={canEdit}
                    nameOf={nameOfPlace}
                    onMove={move}
                    renderItem={renderPlace}
                  />
                )}
                {planned && (
                  <Suspense fallback={null}>
                    <DayPlanPanel
                      tree={tree}
                      stage={stage}
                      places={places}
                      canEdit={canEdit}
                      onRoute={setDayRoute}
                    />
                  </Suspense>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
              <div className={classes.side}>
                <TripMap
                  points={dayRoute ?? placePoints(places)}
                  tracks={tracks}
                  name={stage.title}
                  showRoute
                  selectedId={selectedId}
                  onSelect={selectFromMap}
                  height="clamp(260px, 45vh, 520px)"
                />
              </div>
            </Grid.Col>
          </Grid>
        </Stack>
      </Container>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {(dialogsWanted || editingId !== null || deletingId !== null) && (
        <Suspense fallback={null}>
          <PlaceEditModal
            itineraryId={itinerary.id}
            place={places.find((place) => place.id === editingId) ?? null}
            onClose={() => setEditingId(null)}
            onSaved={(place) => {
              setEditingId(null);
              setAnnouncement(t('placeEdit.saved', { name: place.name }));
            }}
          />
          <DeletePlaceModal
            itineraryId={itinerary.id}
            place={places.find((place) => place.id === deletingId) ?? null}
            onClose={() => setDeletingId(null)}
            onDeleted={(place) => {
              setDeletingId(null);
              setAnnouncement(t('placeDelete.done', { name: place.name }));
              listHeading.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
