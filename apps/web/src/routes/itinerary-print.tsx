import { Center, Container, Loader, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { useTripExport } from '../features/exports/api/trip-export';
import { PrintPage } from '../features/exports/components/print-page';
import { ItineraryUnavailable } from '../features/itineraries/components/itinerary-tree-gate';
import { ProblemAlert } from '../features/itineraries/components/problem-alert';
import { isNotFound } from '../lib/read-failures';
import { useItineraryParams } from '../lib/use-itinerary-params';

/** /itinerary/{id}/print: the whole trip laid out for paper or a PDF. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const trip = useTripExport(id);
  if (trip.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('routes.itinerary-print.title')} />
      </Center>
    );
  }
  if (trip.isError) {
    if (isNotFound(trip.error)) return <ItineraryUnavailable />;
    return (
      <Container size="sm" py="xl">
        <Title order={1}>{t('routes.itinerary-print.title')}</Title>
        <ProblemAlert error={trip.error} onRetry={() => void trip.refetch()} />
      </Container>
    );
  }
  return <PrintPage trip={trip.data} />;
}
