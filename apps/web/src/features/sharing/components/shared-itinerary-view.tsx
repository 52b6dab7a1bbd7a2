import type { ItineraryTree, Note, Place } from '@jammy/shared/itineraries';
import { Badge, Button, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconEye, IconLinkOff, IconMapPin, IconSparkles } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import notFoundArt from '../../../assets/not-found.svg';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateRange, tripDays } from '../../../lib/format';
import { useMe } from '../../../lib/session';
import { TripBookings } from '../../bookings/public';
import { AttachmentList, PhotoGallery } from '../../files/public';
import {
  ItineraryCover,
  coverImageOf,
  ItineraryPageSkeleton,
  ProblemAlert,
  TripTotals,
  groupByStage,
  numberTrip,
  tripMarkers,
  useMarkerTitles,
  itineraryHeaderClasses,
} from '../../itineraries/public';
import { NoteText } from '../../notes/public';
import { CategoryIcon } from '../../../components/category-icon';
import { useStageTracks } from '../../../components/maps/stage-routes';
import { TripMap } from '../../../components/maps/trip-map';
import { useSharedItinerary, useSharedNotes } from '../api/shared-itinerary';

/** Which message a link that no longer works gets. */
function linkProblem(error: unknown): 'revoked' | 'expired' | 'invalid' | null {
  if (!(error instanceof ApiError) || error.status !== 404) return null;
  if (error.code === 'share/revoked') return 'revoked';
  if (error.code === 'share/expired') return 'expired';
  return 'invalid';
}

function PlanYourOwn() {
  const { t } = useTranslation('sharing');
  const { to } = useLanguage();
  const { data: me } = useMe();
  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} bg="jam.0" withBorder>
      <Group justify="space-between" gap="md" wrap="wrap">
        <Stack gap={2} maw={520}>
          <Text fw={700}>{t('shared.ctaTitle')}</Text>
          <Text size="sm" c="gray.8">
            {t('shared.ctaText')}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={me ? to('/itinerary') : to('/register')}
          leftSection={<IconSparkles size={18} aria-hidden />}
        >
          {me ? t('shared.ctaNew') : t('shared.ctaSignUp')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The link no longer works: revoked, expired, or never was. Said plainly, with a way on. */
function LinkUnavailable({ reason }: { reason: 'revoked' | 'expired' | 'invalid' }) {
  const { t } = useTranslation('sharing');
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack align="center" ta="center" gap="md" data-state={`share-${reason}`}>
        <img
          src={notFoundArt}
          alt=""
          width={240}
          height={180}
          style={{ maxWidth: '100%', height: 'auto' }}
        />
        <Group gap="xs" justify="center">
          <IconLinkOff size={26} aria-hidden color="var(--mantine-color-jam-8)" />
          <Title order={1} size="h2">
            {t(`shared.${reason}.title`)}
          </Title>
        </Group>
        <Text c="gray.8" maw={480}>
          {t(`shared.${reason}.text`)}
        </Text>
        <PlanYourOwn />
      </Stack>
    </Container>
  );
}

function PlaceLine({ place }: { place: Place }) {
  return (
    <Group component="li" gap="xs" wrap="nowrap">
      <CategoryIcon category={place.category} />
      <Text size="sm">
        <bdi>{place.name}</bdi>
      </Text>
    </Group>
  );
}

function SharedNotes({ notes }: { notes: Note[] }) {
  const { t } = useTranslation('sharing');
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="shared-notes-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="shared-notes-title">
          {t('shared.notes')}
        </Title>
        {notes.map((note) => (
          <Paper key={note.id} withBorder radius="md" p="md">
            <Stack gap="xs">
              {note.title && (
                <Text fw={700}>
                  <bdi>{note.title}</bdi>
                </Text>
              )}
              <NoteText source={note.body} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}

function SharedTrip({ tree, notes, token }: { tree: ItineraryTree; notes: Note[]; token: string }) {
  const { t } = useTranslation('sharing');
  const { language } = useLanguage();
  const { itinerary } = tree;
  const tracks = useStageTracks(itinerary.id, { share: token });
  const { groups, loose } = useMemo(() => groupByStage(tree), [tree]);
  const titles = useMarkerTitles();
  const points = useMemo(
    () => tripMarkers(groups, loose, numberTrip(groups, loose), titles),
    [groups, loose, titles],
  );
  const dates = formatDateRange(itinerary.startDate, itinerary.endDate, language);
  const days = tripDays(itinerary.startDate, itinerary.endDate);

  return (
    <div data-state="shared-itinerary">
      <header className={itineraryHeaderClasses.header}>
        <Container size="lg" pb="md">
          <Stack gap="xs">
            <Title order={1}>
              <bdi>{itinerary.title}</bdi>
            </Title>
            <Group gap="sm">
              {dates && (
                <Group gap={6} c="gray.8">
                  <IconCalendar size={16} aria-hidden />
                  <Text size="sm">
                    {dates}
                    {days ? ` · ${t('shared.days', { count: days })}` : ''}
                  </Text>
                </Group>
              )}
              <Badge color="ink" variant="light" leftSection={<IconEye size={12} aria-hidden />}>
                {t('shared.readOnly')}
              </Badge>
            </Group>
          </Stack>
        </Container>
      </header>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="xl">
          {coverImageOf(itinerary, 'medium') && (
            <Paper radius="lg" style={{ overflow: 'hidden' }} data-testid="shared-cover">
              <ItineraryCover
                id={itinerary.id}
                title={itinerary.title}
                coverUrl={coverImageOf(itinerary, 'medium')}
                height={200}
              />
            </Paper>
          )}
          {itinerary.description && (
            <Text c="ink.9" style={{ whiteSpace: 'pre-wrap' }} maw={720} dir="auto">
              {itinerary.description}
            </Text>
          )}
          <TripTotals tree={tree} />
          <PhotoGallery tree={tree} owner="trip" readOnly />
          <AttachmentList tree={tree} readOnly />
          <Grid gap="xl">
            <Grid.Col
              span={{ base: 12, md: points.length > 0 ? 7 : 12 }}
              order={{ base: 2, md: 1 }}
            >
              <Stack gap="lg">
                <section aria-labelledby="shared-stages-title">
                  <Stack gap="md">
                    <Title order={2} size="h3" id="shared-stages-title">
                      {t('shared.stages')}
                    </Title>
                    {groups.length === 0 && loose.length === 0 ? (
                      <Text c="gray.8">{t('shared.nothing')}</Text>
                    ) : (
                      <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
                        {groups.map(({ stage, places }) => (
                          <Paper component="li" key={stage.id} withBorder radius="lg" p="md">
                            <Stack gap="xs">
                              <Text fw={700}>
                                <bdi>{stage.title}</bdi>
                              </Text>
                              {(stage.destinationName || stage.startDate) && (
                                <Group gap={6} c="gray.8">
                                  <IconMapPin size={14} aria-hidden />
                                  <Text size="sm">
                                    {[
                                      stage.destinationName,
                                      formatDateRange(stage.startDate, stage.endDate, language),
                                    ]
                                      .filter(Boolean)
                                      .join(' · ')}
                                  </Text>
                                </Group>
                              )}
                              {places.length > 0 && (
                                <Stack
                                  component="ul"
                                  gap={4}
                                  m={0}
                                  p={0}
                                  style={{ listStyle: 'none' }}
                                >
                                  {places.map((place) => (
                                    <PlaceLine key={place.id} place={place} />
                                  ))}
                                </Stack>
                              )}
                            </Stack>
                          </Paper>
                        ))}
                        {loose.length > 0 && (
                          <Paper component="li" withBorder radius="lg" p="md">
                            <Stack gap="xs">
                              <Text fw={700}>{t('shared.otherPlaces')}</Text>
                              <Stack
                                component="ul"
                                gap={4}
                                m={0}
                                p={0}
                                style={{ listStyle: 'none' }}
                              >
                                {loose.map((place) => (
                                  <PlaceLine key={place.id} place={place} />
                                ))}
                              </Stack>
                            </Stack>
                          </Paper>
                        )}
                      </Stack>
                    )}
                  </Stack>
                </section>
                <TripBookings tree={tree} />
                <SharedNotes notes={notes} />
              </Stack>
            </Grid.Col>
            {(points.length > 0 || tracks.length > 0) && (
              <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
                <section aria-labelledby="shared-map-title">
                  <Stack gap="xs">
                    <Title order={2} size="h3" id="shared-map-title">
                      {t('shared.map')}
                    </Title>
                    <TripMap
                      points={points}
                      tracks={tracks}
                      name={t('shared.mapName', { title: itinerary.title })}
                      height={320}
                    />
                  </Stack>
                </section>
              </Grid.Col>
            )}
          </Grid>
          <PlanYourOwn />
        </Stack>
      </Container>
    </div>
  );
}

/**
 * /itinerary/{id}?share={token}: the trip as anyone holding a read-only link sees it, with no
 * account: no edit controls, no lists, no private notes. A dead link says why.
 */
export function SharedItineraryView({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation('sharing');
  const tree = useSharedItinerary(id, token);
  const notes = useSharedNotes(id, token);
  if (tree.isPending) {
    return (
      <ItineraryPageSkeleton
        label={t('shared.loading')}
        heading={t('shared.loading')}
        headingIsTitle
      />
    );
  }
  if (tree.isError) {
    const reason = linkProblem(tree.error);
    if (reason) return <LinkUnavailable reason={reason} />;
    return (
      <Container size="md" py="xl">
        <ProblemAlert error={tree.error} onRetry={() => void tree.refetch()} />
      </Container>
    );
  }
  return <SharedTrip tree={tree.data} notes={notes.data?.items ?? []} token={token} />;
}
