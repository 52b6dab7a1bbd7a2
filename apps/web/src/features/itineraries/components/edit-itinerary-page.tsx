import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Alert, Anchor, Container, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { DangerZone } from './danger-zone';
import { EditItineraryForm } from './edit-itinerary-form';
import { ItineraryHeader } from './itinerary-header';

/** /itinerary/{id}/edit: the trip's details, and (for its owner) the way to the trash. */
export function EditItineraryPage({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('itineraries');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  const { itinerary } = tree;
  return (
    <>
      <ItineraryHeader itinerary={itinerary} heading={tc('routes.itinerary-edit.title')} />
      <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="xl">
          {itinerary.role === 'viewer' ? (
            <Alert color="ink" variant="light" radius="md" icon={<IconEye size={20} aria-hidden />}>
              <Text size="sm" c="ink.9">
                {t('errors.forbidden')}{' '}
                <Anchor component={Link} to={to(`/itinerary/${itinerary.id}`)} fw={700} size="sm">
                  {t('edit.backToOverview')}
                </Anchor>
              </Text>
            </Alert>
          ) : (
            <EditItineraryForm itinerary={itinerary} photos={tree.photos} />
          )}
          {itinerary.role === 'owner' && <DangerZone itinerary={itinerary} />}
        </Stack>
      </Container>
    </>
  );
}
