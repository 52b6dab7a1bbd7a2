import type { ItineraryTree, Stage } from '@jammy/shared/itineraries';
import type { RouteId } from '@jammy/shared/route-table';
import { Anchor, Container, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useItineraryTree, ItineraryHeader } from '../../itineraries/public';
import { useItineraryParams } from '../../../lib/use-itinerary-params';
import { toProblem } from '../lib/problem';
import { ProblemAlert } from './problem-alert';

function LoadingPage({ label }: { label: string }) {
  return (
    <Container size="lg" py="xl" aria-busy="true" aria-label={label}>
      <Stack gap="md">
        <Skeleton height={14} width={140} />
        <Skeleton height={36} width="55%" />
        <Skeleton height={16} width="35%" />
        <Skeleton height={40} mt="md" />
        <Skeleton height={120} radius="lg" />
        <Skeleton height={120} radius="lg" />
      </Stack>
    </Container>
  );
}

/**
 * Loads the itinerary of the page (skeleton while loading, the reason when it cannot) and
 * hands its tree to the page.
 */
export function ItineraryFrame({
  routeId,
  children,
}: {
  routeId: RouteId;
  children: (tree: ItineraryTree) => ReactNode;
}) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stages');
  const { to } = useLanguage();
  const { id } = useItineraryParams();
  const tree = useItineraryTree(id);

  if (tree.data) return <>{children(tree.data)}</>;
  if (tree.isPending) return <LoadingPage label={ts('loading')} />;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg" maw={680}>
        <Title order={1}>{t(`routes.${routeId}.title`)}</Title>
        <ProblemAlert
          problem={toProblem(tree.error)}
          title={ts('problems.loadItinerary')}
          onRetry={() => void tree.refetch()}
        />
        <Anchor component={Link} to={to('/itineraries')} fw={600}>
          {ts('actions.backToItineraries')}
        </Anchor>
      </Stack>
    </Container>
  );
}

/**
 * The itinerary and the stage of the page. A stage that is not (or no longer) part of the
 * itinerary gets a clear message instead of the page.
 */
export function StageFrame({
  routeId,
  children,
}: {
  routeId: RouteId;
  children: (tree: ItineraryTree, stage: Stage) => ReactNode;
}) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stages');
  const { to } = useLanguage();
  const { stageId } = useItineraryParams();
  return (
    <ItineraryFrame routeId={routeId}>
      {(tree) => {
        const stage = tree.stages.find((candidate) => candidate.id === stageId);
        if (stage) return children(tree, stage);
        return (
          <>
            <ItineraryHeader itinerary={tree.itinerary} heading={t(`routes.${routeId}.title`)} />
            <Container size="lg" py="xl">
              <Stack gap="md" maw={680}>
                <ProblemAlert
                  problem={{ kind: 'notFound', status: 404, fields: [] }}
                  title={ts('stageNotFound.title')}
                  text={ts('stageNotFound.text')}
                />
                <Anchor component={Link} to={to(`/itinerary/${tree.itinerary.id}/stage`)} fw={600}>
                  {ts('actions.allStages')}
                </Anchor>
              </Stack>
            </Container>
          </>
        );
      }}
    </ItineraryFrame>
  );
}
