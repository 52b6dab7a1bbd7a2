import type { PresetStageDetail } from '@jammy/shared/presets';
import { Alert, Box, Button, Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCalendarEvent,
  IconMapPin,
  IconRoute,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';
import type { MapPoint } from '../../../components/maps/trip-map';
import { TripMap } from '../../../components/maps/trip-map';
import { interestsOf } from '../api/interests';
import { presetQuery } from '../api/presets';
import { CopyBar, CopyCard, CopyModal } from './copy-call-to-action';
import { InterestChips } from './interest-chips';
import { PresetAdminPanel } from './preset-admin-panel';
import { PresetBadges } from './preset-card';
import { PresetCover } from './preset-cover';
import { PreviewNotice } from './preview-notice';
import classes from './presets.module.css';
import { StageDays } from './stage-days';

/**
 * Markers in trip order: every place, or the stage's destination when it has none. A preview's
 * locked stages have neither.
 */
export function presetPoints(stages: PresetStageDetail[]) {
  const points: MapPoint[] = [];
  const numbers = new Map<string, number>();
  for (const stage of stages) {
    if (stage.locked) continue;
    if (stage.places.length === 0) {
      const number = points.length + 1;
      points.push({
        id: `stage-${stage.index}`,
        lat: stage.lat,
        lng: stage.lng,
        label: String(number),
        title: `${number}. ${stage.destinationName}`,
      });
      continue;
    }
    for (const place of stage.places) {
      const number = points.length + 1;
      numbers.set(`${stage.index}:${place.index}`, number);
      points.push({
        id: `place-${stage.index}-${place.index}`,
        lat: place.lat,
        lng: place.lng,
        label: String(number),
        title: `${number}. ${place.name}`,
      });
    }
  }
  return { points, numbers };
}

function PresetSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={320} radius={0} />
      <Container size="lg" py="xl">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Skeleton height={20} width="60%" />
              <Skeleton height={120} radius="lg" />
              <Skeleton height={120} radius="lg" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={260} radius="lg" />
          </Grid.Col>
        </Grid>
      </Container>
    </div>
  );
}

function Unavailable({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation('presets');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack gap="md" align="center" ta="center" data-state="preset-unavailable">
        <Title order={1} size="h2">
          {notFound ? t('detail.notFoundTitle') : tc('routes.preset.title')}
        </Title>
        {notFound ? (
          <Text c="gray.8">{t('detail.notFoundText')}</Text>
        ) : (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={20} aria-hidden />}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="red.9">
                {t('detail.failed')}
              </Text>
              <Button size="compact-sm" variant="white" color="red.9" onClick={onRetry}>
                {t('list.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Button component={Link} to={to('/jammy-itineraries')} variant="default">
          {t('detail.backToList')}
        </Button>
      </Stack>
    </Container>
  );
}

/** /jammy-itineraries/{id}: the whole preset, its map, and the way to make it my own trip. */
export function PresetPage({ id }: { id: string }) {
  const { t } = useTranslation('presets');
  const { language, to } = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: me, isPending: mePending } = useMe();
  const query = useQuery(presetQuery(id, language));
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [modalOpen, setModalOpen] = useState(false);
  const preset = query.data;
  const { points, numbers } = useMemo(() => presetPoints(preset?.stages ?? []), [preset?.stages]);

  // Back from signing in to copy (`?copy=1`): a first-time traveller is welcomed first, with
  // this preset waiting among the suggestions; everyone else finds the copy form open.
  const wantsCopy = params.get('copy') === '1';
  const firstVisit = Boolean(me && me.onboardedAt === null);
  useEffect(() => {
    if (!wantsCopy || !firstVisit) return;
    const here = `${to(`/jammy-itineraries/${id}`)}?copy=1`;
    void navigate(`${to('/on-boarding')}?redirect=${encodeURIComponent(here)}`, {
      replace: true,
    });
  }, [wantsCopy, firstVisit, id, navigate, to]);
  const copyOpen =
    modalOpen || (wantsCopy && !mePending && Boolean(me) && !firstVisit && Boolean(preset));
  const closeCopy = () => {
    setModalOpen(false);
    if (wantsCopy) setParams({}, { replace: true });
  };

  if (query.isPending) return <PresetSkeleton label={t('detail.loading')} />;
  if (!preset) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <Unavailable notFound={notFound} onRetry={() => void query.refetch()} />;
  }

  const signedIn = Boolean(me);
  const mine = interestsOf(me);

  return (
    <>
      <header className={classes.hero}>
        <PresetCover
          url={preset.coverUrl}
          alt={t('card.coverAlt', { title: preset.title })}
          eager
          className={classes.heroCover}
        />
        <div className={classes.heroShade}>
          <Container size="lg">
            <Stack gap="sm">
              <Link to={to('/jammy-itineraries')} className={classes.backLink}>
                <IconArrowLeft size={16} aria-hidden className={classes.flipInRtl} />
                {t('detail.backToList')}
              </Link>
              <Box style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
                <PresetBadges preset={preset} />
              </Box>
              <Title order={1} className={classes.heroTitle}>
                <bdi>{preset.title}</bdi>
              </Title>
              <div className={classes.heroFacts}>
                <span>
                  <IconCalendarEvent size={18} aria-hidden />
                  {t('card.days', { count: preset.days })}
                </span>
                <span>
                  <IconMapPin size={18} aria-hidden />
                  {t(`regions.${preset.region}`)}
                </span>
                <span>
                  <IconRoute size={18} aria-hidden />
                  {t('card.stages', { count: preset.stageCount })} ·{' '}
                  {t('card.places', { count: preset.placeCount })}
                </span>
              </div>
              {preset.coverCredit && (
                <Text size="xs" c="white" opacity={0.85}>
                  {t('detail.credit', { credit: preset.coverCredit })}
                </Text>
              )}
            </Stack>
          </Container>
        </div>
      </header>

      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="xl">
              <section aria-labelledby="about-title">
                <Stack gap="sm">
                  <Title order={2} size="h3" id="about-title">
                    {t('detail.about')}
                  </Title>
                  <Text style={{ whiteSpace: 'pre-wrap' }} dir="auto" size="md">
                    {preset.description}
                  </Text>
                  <InterestChips interests={preset.interests} mine={mine} />
                </Stack>
              </section>
              {!wide && points.length > 0 && (
                <TripMap points={points} name={preset.title} height={260} />
              )}
              <section aria-labelledby="days-title">
                <Stack gap="lg">
                  <Title order={2} size="h3" id="days-title">
                    {t('detail.dayByDay')}
                  </Title>
                  <StageDays stages={preset.stages} numbers={numbers} />
                  {preset.preview && <PreviewNotice toShop />}
                </Stack>
              </section>
              {me?.role === 'admin' && <PresetAdminPanel preset={preset} />}
            </Stack>
          </Grid.Col>
          {wide && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg" className={classes.aside}>
                <CopyCard preset={preset} signedIn={signedIn} />
                {points.length > 0 && <TripMap points={points} name={preset.title} height={340} />}
              </Stack>
            </Grid.Col>
          )}
        </Grid>
      </Container>
      {!wide && <CopyBar preset={preset} signedIn={signedIn} onOpen={() => setModalOpen(true)} />}
      {signedIn && <CopyModal preset={preset} opened={copyOpen} onClose={closeCopy} />}
    </>
  );
}
