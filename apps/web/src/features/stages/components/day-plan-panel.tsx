import type { DayPlan } from '@jammy/shared/days';
import type { ItineraryTree, Place, Stage } from '@jammy/shared/itineraries';
import { TRAVEL_MODES, type TravelMode } from '@jammy/shared/travel-estimate';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { MapPoint } from '../../../components/maps/trip-map';
import { useLanguage } from '../../../i18n/use-language';
import { formatDuration } from '../../../lib/format';
import { dateTimeFormat } from '../../../lib/intl';
import { useApplyDayOrder, useDayPlan, useDayProposal, type DayRef } from '../api/day-plan';
import { DayTimeline, useClock } from './day-timeline';
import classes from './stages.module.css';

/** The plan's points for the map, numbered like the timeline, the ends marked. */
function routePoints(plan: DayPlan, marks: { start: string; end: string }): MapPoint[] {
  return [
    ...(plan.start
      ? [
          {
            id: 'day-start',
            lat: plan.start.lat,
            lng: plan.start.lng,
            label: marks.start,
            title: plan.start.name,
          },
        ]
      : []),
    ...plan.stops.map((stop, index) => ({
      id: stop.placeId ?? stop.bookingId ?? `stop-${index}`,
      lat: stop.lat,
      lng: stop.lng,
      label: String(index + 1),
      title: stop.name,
    })),
    ...(plan.end
      ? [
          {
            id: 'day-end',
            lat: plan.end.lat,
            lng: plan.end.lng,
            label: marks.end,
            title: plan.end.name,
          },
        ]
      : []),
  ];
}

/** "Optimise this day": the proposed order and the time it saves, accepted or not. */
function OptimiseDialog({
  dayRef,
  tree,
  opened,
  canEdit,
  onClose,
  onApplied,
}: {
  dayRef: DayRef;
  tree: ItineraryTree;
  opened: boolean;
  canEdit: boolean;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const clock = useClock();
  const proposal = useDayProposal(dayRef, tree, opened);
  const apply = useApplyDayOrder(dayRef);
  const data = proposal.data;
  const better = data && data.method !== 'current';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dayPlan.optimiseTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      classNames={{ title: classes.modalTitle }}
      radius="lg"
      size="lg"
    >
      <Stack gap="md">
        {proposal.isPending && <Loader size="sm" aria-label={t('dayPlan.loading')} />}
        {proposal.isError && <Alert color="red">{t('dayPlan.failed')}</Alert>}
        {data && !better && <Text>{t('dayPlan.alreadyBest')}</Text>}
        {data && better && (
          <>
            <Text fw={700} size="lg">
              {t('dayPlan.saves', {
                duration: formatDuration(Math.round(data.savedSeconds / 60), language),
              })}
            </Text>
            <ol>
              {data.proposed.stops.map((stop, index) => (
                <li key={stop.placeId ?? stop.bookingId ?? index}>
                  {stop.name}
                  {data.proposed.timeline.stops[index] && (
                    <Text span c="gray.8" size="sm">
                      {' '}
                      ({clock(data.proposed.timeline.stops[index].begin)})
                    </Text>
                  )}
                </li>
              ))}
            </ol>
            <Text size="sm" c="gray.8">
              {t('dayPlan.proposedFinish', {
                proposed: clock(data.proposed.timeline.finish),
                current: clock(data.current.timeline.finish),
              })}
            </Text>
            {!canEdit && <Text size="sm">{t('dayPlan.viewerCannotApply')}</Text>}
          </>
        )}
        {apply.isError && <Alert color="red">{t('dayPlan.applyFailed')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dayPlan.cancel')}
          </Button>
          {canEdit && better && (
            <Button
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(data.placeIds, {
                  onSuccess: () => {
                    onApplied();
                  },
                })
              }
            >
              {t('dayPlan.accept')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A stage's day on the clock: pick a day and a way of travel; the timeline shows times, legs and
 * warnings, the map the day's route; "Optimise this day" proposes the shortest order.
 */
export function DayPlanPanel({
  tree,
  stage,
  places,
  canEdit,
  onRoute,
}: {
  tree: ItineraryTree;
  stage: Stage;
  places: Place[];
  canEdit: boolean;
  onRoute: (points: MapPoint[] | null) => void;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const days = useMemo(
    () => [...new Set(places.flatMap((place) => (place.day ? [place.day] : [])))].sort(),
    [places],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen !== null && days.includes(chosen) ? chosen : (days[0] ?? '');
  const [mode, setMode] = useState<TravelMode>('walk');
  const [optimising, setOptimising] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const dayRef: DayRef = { itineraryId: tree.itinerary.id, stageId: stage.id, day, mode };
  const plan = useDayPlan(dayRef, tree);
  const startMark = t('dayPlan.startMark');
  const endMark = t('dayPlan.endMark');
  const points = useMemo(
    () => (plan.data ? routePoints(plan.data, { start: startMark, end: endMark }) : null),
    [plan.data, startMark, endMark],
  );
  useEffect(() => onRoute(points), [points, onRoute]);
  useEffect(() => () => onRoute(null), [onRoute]);
  const dayName = (value: string) =>
    dateTimeFormat(language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${value}T00:00:00Z`));

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={`day-plan-${stage.id}`}
      data-testid="day-plan"
    >
      <Stack gap="md">
        <Group gap="xs">
          <IconRoute size={20} aria-hidden />
          <Title order={2} size="h3" id={`day-plan-${stage.id}`}>
            {t('dayPlan.title')}
          </Title>
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('dayPlan.day')}
            value={day}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={days.map((value) => ({ value, label: dayName(value) }))}
          />
          <NativeSelect
            label={t('dayPlan.mode')}
            value={mode}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setMode(TRAVEL_MODES.find((candidate) => candidate === value) ?? 'walk');
            }}
            data={TRAVEL_MODES.map((value) => ({ value, label: t(`dayPlan.modes.${value}`) }))}
          />
        </Group>
        {plan.isPending && <Loader size="sm" aria-label={t('dayPlan.loading')} />}
        {plan.isError && <Alert color="red">{t('dayPlan.failed')}</Alert>}
        {plan.data && <DayTimeline plan={plan.data} />}
        {plan.data && plan.data.stops.length > 1 && (
          <Group>
            <Button onClick={() => setOptimising(true)}>{t('dayPlan.optimise')}</Button>
          </Group>
        )}
      </Stack>
      <OptimiseDialog
        dayRef={dayRef}
        tree={tree}
        opened={optimising}
        canEdit={canEdit}
        onClose={() => setOptimising(false)}
        onApplied={() => {
          setOptimising(false);
          setAnnouncement(t('dayPlan.applied'));
        }}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Paper>
  );
}
