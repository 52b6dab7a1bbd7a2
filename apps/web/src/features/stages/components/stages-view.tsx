import type { ItineraryTree, Stage } from '@jammy/shared/itineraries';
import { Anchor, Container, Grid, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import emptyArt from '../../../assets/empty-itineraries.svg';
import { useLanguage } from '../../../i18n/use-language';
import { useMoveStage } from '../api/stages';
import { ItineraryHeader } from '../../itineraries/public';
import { useStageTracks } from '../../../components/maps/stage-routes';
import { TripMap, type MapPoint } from '../../../components/maps/trip-map';
import { toProblem, type Problem } from '../lib/problem';
import { AddStageForm } from './add-stage-form';
import { DeleteStageModal } from './delete-stage-modal';
import { ProblemAlert } from './problem-alert';
import { SortableList } from './sortable-list';
import { StageCard } from './stage-card';
import classes from './stages.module.css';

/** /itinerary/{id}/stage: the stages in order, reorder, add, delete. */
export function StagesView({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stages');
  const { to } = useLanguage();
  const { itinerary, stages, places } = tree;
  const canEdit = itinerary.role !== 'viewer';
  const moveStage = useMoveStage(itinerary.id);
  const tracks = useStageTracks(itinerary.id);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const counts = useMemo(() => {
    const byStage = new Map<string, number>();
    for (const place of places) {
      if (place.stageId) byStage.set(place.stageId, (byStage.get(place.stageId) ?? 0) + 1);
    }
    return byStage;
  }, [places]);
  const unassigned = places.filter((place) => place.stageId === null).length;
  const deleting = stages.find((stage) => stage.id === deletingId) ?? null;
  const points: MapPoint[] = stages.flatMap((stage, index) =>
    stage.lat !== null && stage.lng !== null
      ? [
          {
            id: stage.id,
            lat: stage.lat,
            lng: stage.lng,
            label: String(index + 1),
            title: stage.title,
            kind: 'stage' as const,
          },
        ]
      : [],
  );

  const move = (stage: Stage, afterId: string | null) => {
    setProblem(null);
    moveStage.mutate(
      { stageId: stage.id, afterId, version: stage.version },
      { onError: (error) => setProblem(toProblem(error)) },
    );
  };

  return (
    <>
      <ItineraryHeader itinerary={itinerary} heading={t('routes.stages.title')} />
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Grid gap={{ base: 'lg', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Title order={2} size="h3" ref={listHeading} tabIndex={-1}>
                {ts('list.title', { count: stages.length })}
              </Title>
              {problem && <ProblemAlert problem={problem} title={ts('problems.move')} />}
              {stages.length === 0 ? (
                <Paper withBorder radius="lg" p="xl" className={classes.empty}>
                  <Stack gap="sm" align="center">
                    <img src={emptyArt} alt="" className={classes.emptyArt} />
                    <Text fw={700} size="lg">
                      {ts('list.emptyTitle')}
                    </Text>
                    <Text c="gray.8" maw={420}>
                      {canEdit ? ts('list.emptyText') : ts('list.emptyViewer')}
                    </Text>
                  </Stack>
                </Paper>
              ) : (
                <SortableList
                  items={stages}
                  label={ts('list.label')}
                  canReorder={canEdit}
                  nameOf={(stage) => stage.title}
                  onMove={move}
                  renderItem={(stage, index, controls) => (
                    <StageCard
                      stage={stage}
                      index={index}
                      placeCount={counts.get(stage.id) ?? 0}
                      controls={controls}
                      canEdit={canEdit}
                      onDelete={(target) => setDeletingId(target.id)}
                    />
                  )}
                />
              )}
              {unassigned > 0 && (
                <Text size="sm" c="gray.8">
                  {ts('list.unassigned', { count: unassigned })}{' '}
                  <Anchor component={Link} to={to(`/itinerary/${itinerary.id}/place`)} inherit>
                    {ts('list.unassignedLink')}
                  </Anchor>
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg" className={classes.side}>
              {canEdit && (
                <AddStageForm
                  itineraryId={itinerary.id}
                  onAdded={(title) => setAnnouncement(ts('add.added', { name: title }))}
                />
              )}
              {(points.length > 0 || tracks.length > 0) && (
                <TripMap
                  points={points}
                  tracks={tracks}
                  name={itinerary.title}
                  showRoute
                  height={280}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <DeleteStageModal
        itineraryId={itinerary.id}
        stage={deleting}
        placeCount={deleting ? (counts.get(deleting.id) ?? 0) : 0}
        onClose={() => setDeletingId(null)}
        onDeleted={(stage) => {
          setDeletingId(null);
          setAnnouncement(ts('delete.done', { name: stage.title }));
          listHeading.current?.focus();
        }}
      />
    </>
  );
}
