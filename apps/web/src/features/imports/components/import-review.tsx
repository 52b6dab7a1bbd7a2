import type { ImportPreview } from '@jammy/shared/imports';
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconFolders,
  IconMapPin,
  IconRepeat,
  IconRoute,
} from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { CategoryIcon } from '../../../components/category-icon';
import { Coordinates } from './coordinates';
import { dateTimeFormat } from '../../../lib/intl';

const SHOWN = 50;

/** A date `YYYY-MM-DD` as the language writes it ("11 Apr 2027"). */
function day(date: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function wallClock(at: string | null, zone: string | null, language: string): string {
  if (!at) return '';
  const [date = '', time = ''] = at.split('T');
  return `${day(date, language)} ${time}${zone ? ` (${zone})` : ''}`;
}

/**
 * The file's folders (Google My Maps layers): a stage each, with what it holds, when the
 * import makes new stages; otherwise that they are not kept.
 */
function FolderReview({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('imports');
  if (preview.folders.length === 0 || !preview.stage) return null;
  const loose =
    preview.places.some((place) => place.folder === null) ||
    preview.routes.some((route) => route.folder === null);
  const kept = preview.stage.id === null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="import-folders">
      <Group gap={6} mb="xs">
        <IconFolders size={18} aria-hidden />
        <Title order={3} size="h5">
          {t('folders.title')}
        </Title>
      </Group>
      {kept ? (
        <Stack gap={6}>
          <Text size="sm">{t('folders.asStages')}</Text>
          <List spacing={4} size="sm">
            {preview.folders.map((folder, index) => {
              const places = preview.places.filter((place) => place.folder === index).length;
              const routes = preview.routes.filter((route) => route.folder === index).length;
              return (
                <List.Item key={`${folder.title}-${index}`}>
                  <Text span size="sm" fw={600} dir="auto">
                    {folder.title}
                  </Text>
                  <Text span size="sm" c="gray.8">
                    {' · '}
                    {[
                      places > 0 ? t('review.places', { count: places }) : '',
                      routes > 0 ? t('review.routes', { count: routes }) : '',
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </Text>
                </List.Item>
              );
            })}
          </List>
          {loose && <Text size="sm">{t('folders.loose', { title: preview.stage.title })}</Text>}
        </Stack>
      ) : (
        <Text size="sm">{t('folders.notKept', { title: preview.stage.title })}</Text>
      )}
    </Paper>
  );
}

/** Each repeating event: how many of its occurrences are imported, and what is left out. */
function SeriesReview({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('imports');
  if (preview.series.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="import-series">
      <Group gap={6} mb="xs">
        <IconRepeat size={18} aria-hidden />
        <Title order={3} size="h5">
          {t('series.title')}
        </Title>
      </Group>
      <List spacing={4} listStyleType="none" p={0} m={0}>
        {preview.series.map((series, index) => (
          <List.Item key={`${series.title}-${index}`}>
            <Text size="sm">
              {/* The title isolated (FSI … PDI): a Latin name keeps an Arabic sentence's order. */}
              {t('series.imported', {
                title: `\u2068${series.title}\u2069`,
                count: series.imported,
              })}
              {series.leftOut !== 'none' && ` ${t(`series.${series.leftOut}`)}`}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** What a file would create: the stage, its places and routes, the bookings, and what is left out. */
export function ImportReview({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('imports');
  const { t: ti } = useTranslation('itineraries');
  const { language } = useLanguage();
  return (
    <Stack gap="md" data-testid="import-review">
      <Title order={2} size="h3" id="review-title">
        {t('review.title')}
      </Title>
      <Text size="sm">
        {t('review.summary', {
          places: preview.places.length,
          routes: preview.routes.length,
          bookings: preview.bookings.length,
        })}
      </Text>
      {preview.stage && preview.folders.length === 0 && (
        <Text size="sm">
          {preview.stage.id
            ? t('review.intoStage', { title: preview.stage.title })
            : t('review.newStage', { title: preview.stage.title })}
        </Text>
      )}
      <FolderReview preview={preview} />
      <SeriesReview preview={preview} />
      {preview.places.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Group gap={6} mb="xs">
            <IconMapPin size={18} aria-hidden />
            <Title order={3} size="h5">
              {t('review.places', { count: preview.places.length })}
            </Title>
          </Group>
          <List spacing={6} listStyleType="none" p={0} m={0}>
            {preview.places.slice(0, SHOWN).map((place, index) => (
              <List.Item key={`${place.name}-${index}`}>
                <Group gap={8} wrap="nowrap" align="flex-start">
                  <CategoryIcon category={place.category} />
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                      {place.name}
                    </Text>
                    <Text size="xs" c="gray.8">
                      {ti(`category.${place.category}`)} ·{' '}
                      <Coordinates lat={place.lat} lng={place.lng} />
                    </Text>
                  </Stack>
                </Group>
              </List.Item>
            ))}
          </List>
          {preview.places.length > SHOWN && (
            <Text size="xs" c="gray.8" mt="xs">
              {t('review.more', { count: preview.places.length - SHOWN })}
            </Text>
          )}
        </Paper>
      )}
      {preview.routes.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Group gap={6} mb="xs">
            <IconRoute size={18} aria-hidden />
            <Title order={3} size="h5">
              {t('review.routes', { count: preview.routes.length })}
            </Title>
          </Group>
          <List spacing={6} listStyleType="none" p={0} m={0}>
            {preview.routes.map((route, index) => (
              <List.Item key={`${route.name}-${index}`}>
                <Text size="sm" dir="auto">
                  {route.name || t('review.unnamedRoute')}
                </Text>
                <Text size="xs" c="gray.8">
                  {t('review.points', {
                    count: route.coordinates.length,
                    original: route.originalPoints,
                  })}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      {preview.bookings.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Group gap={6} mb="xs">
            <IconCalendarEvent size={18} aria-hidden />
            <Title order={3} size="h5">
              {t('review.bookings', { count: preview.bookings.length })}
            </Title>
          </Group>
          <List spacing={8} listStyleType="none" p={0} m={0}>
            {preview.bookings.slice(0, SHOWN).map((booking, index) => (
              <List.Item key={`${booking.title}-${index}`}>
                <Group gap={8} wrap="wrap">
                  <Badge variant="light" color="jam" size="sm">
                    {t(`kinds.${booking.kind}`)}
                  </Badge>
                  <Text size="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                    {booking.title}
                  </Text>
                </Group>
                {booking.startDate ? (
                  <Text size="xs" c="gray.8" data-testid="import-all-day">
                    <bdi>{day(booking.startDate, language)}</bdi>
                    {booking.endDate && (
                      <>
                        {' → '}
                        <bdi>{day(booking.endDate, language)}</bdi>
                      </>
                    )}
                    {` · ${t('review.allDay')}`}
                  </Text>
                ) : (
                  <Text size="xs" c="gray.8">
                    <bdi>{wallClock(booking.startAt, booking.startZone, language)}</bdi>
                    {booking.endAt ? ' → ' : ''}
                    <bdi>{wallClock(booking.endAt, booking.endZone, language)}</bdi>
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      {preview.warnings.map((warning) => (
        <Text key={warning.code} size="sm" c="gray.8">
          {t(`warnings.${warning.code}`, { count: warning.count })}
        </Text>
      ))}
    </Stack>
  );
}
