import { Container } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { BudgetPage } from '../features/budget/components/budget-page';
import { ItineraryHeader } from '../features/itineraries/components/itinerary-header';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../lib/use-itinerary-params';

/** /itinerary/{id}/budget: planned and spent, expenses and settling up. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const heading = t('routes.itinerary-budget.title');
  return (
    <ItineraryTreeGate id={id} heading={heading}>
      {(tree) => (
        <>
          <ItineraryHeader itinerary={tree.itinerary} heading={heading} />
          <Container size="md" py="xl" px={{ base: 'sm', xs: 'md' }}>
            <BudgetPage tree={tree} />
          </Container>
        </>
      )}
    </ItineraryTreeGate>
  );
}
