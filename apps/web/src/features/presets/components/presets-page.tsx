import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconMapSearch, IconSparkles } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useFirstScreen } from '../../../lib/first-screen';
import { useMe } from '../../../lib/session';
import { interestsOf } from '../api/interests';
import { catalogueQuery } from '../api/presets';
import { filtersToQuery, type PresetFilters } from '../lib/filters';
import { PresetCard } from './preset-card';
import { PresetFiltersBar } from './preset-filters';
import classes from './presets.module.css';

const GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

function GridSkeleton({ label }: { label: string }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: 6 }, (_, index) => (
        <Paper key={index} withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Skeleton radius={0} style={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Stack gap="sm" p="lg">
            <Skeleton height={12} width="30%" />
            <Skeleton height={20} width="75%" />
            <Skeleton height={14} width="90%" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** /jammy-itineraries: the provider's ready-made trips, filtered, recommended ones first. */
export function PresetsPage() {
  const { t } = useTranslation('presets');
  const { t: tc } = useTranslation();
  const { language, to } = useLanguage();
  const [params, setParams] = useSearchParams();
  const { data: me } = useMe();
  const mine = interestsOf(me);
  const isAdmin = me?.role === 'admin';
  const catalogue = catalogueQuery(params, me ?? null, language);
  const { filters, effective } = catalogue;
  const query = useQuery({ ...catalogue.query, placeholderData: keepPreviousData });
  const filtered = Boolean(filters.interest || filters.region || filters.length);

  const update = (next: PresetFilters) => setParams(filtersToQuery(next), { replace: true });
  const items = query.data ?? [];
  // The widest grid's first row comes first (its covers load at once), the other cards after.
  const drawn = useFirstScreen(items.length, GRID_COLS.lg);

  let content;
  if (query.isPending) {
    content = <GridSkeleton label={t('list.loading')} />;
  } else if (query.isError && items.length === 0) {
    content = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={20} aria-hidden />}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="red.9">
            {t('list.failed')}
          </Text>
          <Button size="compact-sm" variant="white" color="red.9" onClick={() => query.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (items.length === 0) {
    content = (
      <Paper withBorder radius="lg" p="xl" data-state="no-presets">
        <Stack align="center" ta="center" gap="sm">
          <IconMapSearch size={44} aria-hidden color="var(--mantine-color-jam-8)" />
          <Title order={2} size="h3">
            {filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
          </Title>
          <Text c="gray.8" maw={460}>
            {filtered ? t('list.noMatchText') : t('list.emptyText')}
          </Text>
          {filtered && (
            <Button
              variant="default"
              onClick={() => update({ ...filters, interest: null, region: null, length: null })}
            >
              {t('list.clearFilters')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <SimpleGrid
        component="ul"
        cols={GRID_COLS}
        spacing="lg"
        className={classes.grid}
        aria-label={t('list.results')}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        {items.slice(0, drawn).map((preset, index) => (
          <li key={preset.id}>
            <PresetCard preset={preset} mine={mine} eagerCover={index < GRID_COLS.lg} />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <section className={classes.intro}>
        <Container size="lg" py={{ base: 'lg', sm: 40 }}>
          <Stack gap="sm" maw={720}>
            <Text size="sm" fw={700} c="jam.9" tt="uppercase" className={classes.eyebrow}>
              {t('list.eyebrow')}
            </Text>
            <Title order={1}>{tc('routes.presets.title')}</Title>
            <Text size="lg" c="gray.8">
              {t('list.lead')}
            </Text>
            {me && mine.length === 0 && (
              <Text size="sm" c="gray.8">
                <IconSparkles size={16} aria-hidden style={{ verticalAlign: '-3px' }} />{' '}
                {t('list.pickInterests')}{' '}
                <Anchor component={Link} to={to('/interests')} fw={700} c="jam.9">
                  {t('list.pickInterestsLink')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </Container>
      </section>
      <Container size="lg" py="lg">
        <Stack gap="lg">
          <PresetFiltersBar filters={effective} onChange={update} isAdmin={isAdmin} />
          <VisuallyHidden role="status" aria-live="polite">
            {query.isPending || query.isPlaceholderData
              ? ''
              : t('list.shown', { count: items.length })}
          </VisuallyHidden>
          {content}
        </Stack>
      </Container>
    </>
  );
}
