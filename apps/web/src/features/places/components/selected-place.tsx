import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Anchor, CloseButton, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDuration } from '../../../lib/format';
import { hasCoordinates, type NumberedPlace } from '../lib/place-order';
import { AttachmentList, PhotoGallery } from '../../files/public';
import { CategoryIcon } from '../../../components/category-icon';
import classes from './places.module.css';
import { dateTimeFormat } from '../../../lib/intl';

/** What the chosen place is, under the map: so a tap on a marker says which place it is. */
export function SelectedPlace({
  itineraryId,
  tree,
  entry,
  onClose,
}: {
  itineraryId: string;
  /** The trip: the place's photos and files come from it. */
  tree: ItineraryTree;
  entry: NumberedPlace;
  onClose: () => void;
}) {
  const { t } = useTranslation('places');
  const { language, to } = useLanguage();
  const { place, stage, number } = entry;
  const day = place.day
    ? dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${place.day}T00:00:00Z`),
      )
    : null;
  const when = [
    day,
    place.time,
    place.durationMinutes ? formatDuration(place.durationMinutes, language) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      mt="sm"
      aria-labelledby="selected-place-name"
      component="section"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          <span
            className={classes.number}
            data-selected
            data-off-map={!hasCoordinates(place) || undefined}
          >
            {number}
          </span>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text id="selected-place-name" fw={700} className={classes.name}>
              <bdi>{place.name}</bdi>
            </Text>
            <Group gap={6} c="gray.8">
              <CategoryIcon category={place.category} size={14} />
              <Text size="sm" c="gray.8">
                {t(`categories.${place.category}`)}
                {' · '}
                {stage ? (
                  <Anchor
                    component={Link}
                    to={to(`/itinerary/${itineraryId}/stage/${stage.id}`)}
                    underline="always"
                    size="sm"
                  >
                    {stage.title}
                  </Anchor>
                ) : (
                  t('list.noStage')
                )}
              </Text>
            </Group>
            {place.address && (
              <Text size="sm" c="gray.8">
                <bdi>{place.address}</bdi>
              </Text>
            )}
            {when && (
              <Text size="sm" c="gray.8">
                {when}
              </Text>
            )}
            {!hasCoordinates(place) && (
              <Group gap={4} c="gray.8">
                <IconMapPinOff size={14} aria-hidden />
                <Text size="sm" c="gray.8">
                  {t('list.notOnMapLong')}
                </Text>
              </Group>
            )}
            {place.url && (
              <Anchor href={place.url} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span">
                  {t('selected.website')}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Stack>
        </Group>
        <CloseButton onClick={onClose} aria-label={t('selected.close')} />
      </Group>
      <Stack gap="md" mt="md">
        <Divider />
        <PhotoGallery tree={tree} owner={{ placeId: place.id }} compact />
        <AttachmentList tree={tree} placeId={place.id} compact />
      </Stack>
    </Paper>
  );
}
