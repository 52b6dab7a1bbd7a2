import type { ItineraryTree, Stage } from '@jammy/shared/itineraries';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBack, IconCircleCheck, IconCloudUpload, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useOutbox } from '../../../lib/outbox';
import type { OutboxEntry } from '../../../lib/outbox-core';
import { useItineraryTree, ItineraryHeader } from '../../itineraries/public';
import { TripMap } from '../../../components/maps/trip-map';
import { placePoints } from '../lib/map-points';
import classes from './stages.module.css';

/** Whether a waiting change adds a place to this stage. */
function isPlaceAddedTo(entry: OutboxEntry, itineraryId: string, stageId: string): boolean {
  const body: unknown = entry.body;
  return (
    entry.method === 'POST' &&
    entry.path === `/api/itineraries/${itineraryId}/places` &&
    typeof body === 'object' &&
    body !== null &&
    'stageId' in body &&
    body.stageId === stageId
  );
}

/** /…/add/finish: which places were just added (names, numbers, on a small map). */
export function StageAddFinishView({ tree, stage }: { tree: ItineraryTree; stage: Stage }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stages');
  const { to } = useLanguage();
  const [params] = useSearchParams();
  const { isFetching } = useItineraryTree(tree.itinerary.id);
  const stagePath = to(`/itinerary/${tree.itinerary.id}/stage/${stage.id}`);
  const ids = (params.get('added') ?? '').split(',').filter(Boolean);
  // Added without a connection: waiting in the outbox, saved when the connection returns. The
  // page follows the outbox: once they are sent, they are added, not "will be added".
  const queued = Math.max(0, Math.trunc(Number(params.get('queued')) || 0));
  const outbox = useOutbox();
  const waiting = Math.min(
    queued,
    outbox.filter((entry) => isPlaceAddedTo(entry, tree.itinerary.id, stage.id)).length,
  );
  const sent = queued - waiting;
  const stagePlaces = tree.places.filter((place) => place.stageId === stage.id);
  const added = stagePlaces
    .map((place, index) => ({ place, number: index + 1 }))
    .filter(({ place }) => ids.includes(place.id));
  const points = placePoints(stagePlaces).filter((point) => ids.includes(point.id));

  return (
    <>
      <ItineraryHeader itinerary={tree.itinerary} heading={t('routes.stage-add-finish.title')} />
      <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          {waiting > 0 && (
            <Alert
              color="ink"
              variant="light"
              radius="md"
              icon={<IconCloudUpload size={20} aria-hidden />}
              title={ts('finish.queued', { count: waiting, name: stage.title })}
              data-testid="places-waiting"
            >
              {ts('finish.queuedText')}
            </Alert>
          )}
          {added.length + sent > 0 ? (
            <Alert
              color="teal"
              variant="light"
              radius="md"
              icon={<IconCircleCheck size={20} aria-hidden />}
              title={ts('finish.title', { count: added.length + sent, name: stage.title })}
            >
              {ts('finish.text')}
            </Alert>
          ) : waiting > 0 ? null : isFetching ? (
            <Skeleton height={72} radius="md" />
          ) : (
            <Alert color="ink" variant="light" radius="md">
              {ts('finish.nothing')}
            </Alert>
          )}
          {added.length > 0 && (
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Title order={2} size="h4">
                  {ts('finish.listTitle')}
                </Title>
                <ol className={classes.trayList} aria-label={ts('finish.listTitle')}>
                  {added.map(({ place, number }) => (
                    <li key={place.id}>
                      <Group gap="sm" wrap="nowrap">
                        <span className={classes.number} aria-hidden>
                          {number}
                        </span>
                        <Text fw={600} style={{ flex: 1, overflowWrap: 'anywhere' }}>
                          <span className={classes.srOnly}>{ts('places.number', { number })} </span>
                          <bdi>{place.name}</bdi>
                        </Text>
                        <Badge variant="light" color="ink" size="sm">
                          {ts(`categories.${place.category}`)}
                        </Badge>
                      </Group>
                    </li>
                  ))}
                </ol>
                {points.length > 0 && (
                  <TripMap points={points} name={stage.title} showRoute={false} height={260} />
                )}
              </Stack>
            </Paper>
          )}
          <Group gap="sm">
            <Button
              component={Link}
              to={stagePath}
              leftSection={<IconArrowBack size={18} aria-hidden className={classes.flipRtl} />}
            >
              {ts('actions.backToStage')}
            </Button>
            <Button
              component={Link}
              to={`${stagePath}/add`}
              variant="default"
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {ts('finish.addMore')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
