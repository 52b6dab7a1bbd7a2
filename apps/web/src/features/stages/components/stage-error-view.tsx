import type { ItineraryTree, Stage } from '@jammy/shared/itineraries';
import {
  Alert,
  Button,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowBack, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ItineraryHeader } from '../../itineraries/public';
import { useAddPicks } from './use-add-picks';
import { loadPicks, savePicks, type StoredPicks } from '../lib/picks';
import classes from './stages.module.css';

/** /…/error: what could not be added and why, with "Try again" for the picks kept aside. */
export function StageErrorView({ tree, stage }: { tree: ItineraryTree; stage: Stage }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stages');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const stagePath = to(`/itinerary/${tree.itinerary.id}/stage/${stage.id}`);
  const [stored, setStored] = useState<StoredPicks>(() => loadPicks(stage.id));
  const [announcement, setAnnouncement] = useState('');
  const { add, adding } = useAddPicks(tree.itinerary.id, stage.id);
  const { picks, failure } = stored;
  const addedBefore = failure
    ? tree.places.filter((place) => failure.addedIds.includes(place.id))
    : [];
  const kind = failure?.problem.kind ?? 'server';
  const canRetry = kind !== 'forbidden' && kind !== 'notFound';

  const retry = async () => {
    const outcome = await add(picks);
    const before = failure?.addedIds ?? [];
    if (outcome.ok) {
      savePicks(stage.id, { picks: [], failure: null });
      void navigate(`${stagePath}/add/finish?added=${[...before, ...outcome.addedIds].join(',')}`);
      return;
    }
    const next: StoredPicks = {
      picks: outcome.failed,
      failure: {
        problem: outcome.problem,
        addedIds: [...before, ...outcome.addedIds],
        at: new Date().toISOString(),
      },
    };
    savePicks(stage.id, next);
    setStored(next);
    setAnnouncement(ts('failure.stillFailing'));
  };

  const discard = () => {
    savePicks(stage.id, { picks: [], failure: null });
    setStored({ picks: [], failure: null });
    setAnnouncement(ts('failure.discarded'));
  };

  return (
    <>
      <ItineraryHeader itinerary={tree.itinerary} heading={t('routes.stage-error.title')} />
      <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          {picks.length === 0 || !failure ? (
            <Alert color="ink" variant="light" radius="md" title={ts('failure.nothingTitle')}>
              {ts('failure.nothingText')}
            </Alert>
          ) : (
            <>
              <Alert
                role="alert"
                color={kind === 'forbidden' ? 'ink' : 'red'}
                variant="light"
                radius="md"
                icon={<IconAlertTriangle size={20} aria-hidden />}
                title={ts('failure.title', { count: picks.length, name: stage.title })}
              >
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {ts(`problems.${kind}.title`)}
                  </Text>
                  <Text size="sm">{ts(`failure.why.${kind}`)}</Text>
                  {kind === 'validation' && failure && failure.problem.fields.length > 0 && (
                    <Text size="sm">
                      {ts('failure.fields', { fields: failure.problem.fields.join(', ') })}
                    </Text>
                  )}
                </Stack>
              </Alert>
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {ts('failure.notAdded', { count: picks.length })}
                  </Title>
                  <List spacing={4}>
                    {picks.map((pick) => (
                      <List.Item key={pick.key}>
                        <Text span fw={600}>
                          {pick.name}
                        </Text>
                        <Text span size="sm" c="gray.8">
                          {' · '}
                          {ts(`categories.${pick.category}`)}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                  {addedBefore.length > 0 && (
                    <>
                      <Title order={2} size="h4" mt="sm">
                        {ts('failure.added', { count: addedBefore.length })}
                      </Title>
                      <List spacing={4}>
                        {addedBefore.map((place) => (
                          <List.Item key={place.id}>{place.name}</List.Item>
                        ))}
                      </List>
                    </>
                  )}
                  <Text size="sm" c="gray.8">
                    {ts('failure.kept')}
                  </Text>
                </Stack>
              </Paper>
            </>
          )}
          <Group gap="sm">
            {picks.length > 0 && failure && canRetry && (
              <Button
                loading={adding}
                leftSection={<IconRefresh size={18} aria-hidden />}
                onClick={() => void retry()}
              >
                {ts('failure.retry', { count: picks.length })}
              </Button>
            )}
            <Button
              component={Link}
              to={stagePath}
              variant={picks.length > 0 && failure && canRetry ? 'default' : 'filled'}
              leftSection={<IconArrowBack size={18} aria-hidden className={classes.flipRtl} />}
            >
              {ts('actions.backToStage')}
            </Button>
            {picks.length > 0 && failure && (
              <Button
                variant="subtle"
                color="red"
                c="red.9"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={discard}
              >
                {ts('failure.discard')}
              </Button>
            )}
          </Group>
        </Stack>
      </Container>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
