import { TRASH_RETENTION_DAYS } from '@jammy/shared/itinerary-limits';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCloudOff, IconLayoutGrid, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useServerReachable } from '../../../lib/connectivity';
import { itinerariesQuery, useRestoreItinerary } from '../api/itineraries';
import { savedTrees, savedTripsOf } from '../api/saved-trips';
import { ItineraryCard } from './itinerary-card';
import { ItineraryListToolbar } from './itinerary-list-toolbar';
import {
  EmptyTrash,
  GRID_COLS,
  ItineraryGridSkeleton,
  NoItineraries,
  NoMatch,
} from './itinerary-list-states';
import classes from './itineraries-page.module.css';
import { ListNotice, type ListNoticeState } from './list-notice';
import { ProblemAlert } from './problem-alert';
import { useFirstScreen } from '../../../lib/first-screen';
import { useNow } from '../../../lib/relative-time';
import { TrashedItineraryCard } from './trashed-itinerary-card';
import { useListParams } from './use-list-params';
import { ImportTripButton } from '../../imports/public';

/** The notice another page left in the history entry ("moved to the trash"). */
function noticeFromState(state: unknown): ListNoticeState | null {
  if (typeof state !== 'object' || state === null || !('trashed' in state)) return null;
  const { trashed } = state;
  if (typeof trashed !== 'object' || trashed === null) return null;
  if (!('id' in trashed) || !('title' in trashed)) return null;
  if (typeof trashed.id !== 'string' || typeof trashed.title !== 'string') return null;
  return { kind: 'trashed', id: trashed.id, title: trashed.title };
}

/** /itineraries: my trips and those shared with me, searchable, sortable, and the trash. */
export function ItinerariesPage() {
  const { t } = useTranslation('itineraries');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const { q, sort, trash, update } = useListParams();
  const query = useInfiniteQuery({
    ...itinerariesQuery({ q, sort, trash }),
    // While a new search loads, the previous results stay (no flash of skeletons).
    placeholderData: keepPreviousData,
  });
  const restore = useRestoreItinerary();
  const now = useNow();
  const [notice, setNotice] = useState(() => noticeFromState(location.state));
  // A notice brought from another page ("moved to the trash") is where the focus lands.
  const [noticeFocus, setNoticeFocus] = useState(() => noticeFromState(location.state) !== null);
  const [toolbarKey, setToolbarKey] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusIndex = useRef<number | null>(null);

  const queryClient = useQueryClient();
  const reachable = useServerReachable();
  const listed = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Without a connection, a list never opened on this device has no saved copy: the trips
  // opened here have theirs, and are listed instead.
  const fromDevice =
    query.isError && listed.length === 0 && !trash && !reachable
      ? savedTripsOf(savedTrees(queryClient), { q, sort })
      : [];
  const items = fromDevice.length > 0 ? fromDevice : listed;
  // The widest grid's first row comes first, the other cards once it has been drawn.
  const drawn = useFirstScreen(items.length, GRID_COLS.lg);

  // The notice was read into state: a reload must not show it again.
  useEffect(() => {
    if (noticeFromState(location.state)) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);

  // After "show more", the focus goes to the first card that arrived.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || items.length <= index) return;
    focusIndex.current = null;
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-index="${index}"] a, [data-index="${index}"] button`)
      ?.focus();
  }, [items.length]);

  const clearSearch = () => {
    update({ q: '' });
    setToolbarKey((key) => key + 1);
  };

  const viewHref = (inTrash: boolean) => `${to('/itineraries')}${inTrash ? '?trash=true' : ''}`;

  let content;
  if (query.isPending) {
    content = <ItineraryGridSkeleton label={t('overview.loading')} />;
  } else if (query.isError && items.length === 0) {
    content = (
      <ProblemAlert
        error={query.error}
        lead={t('list.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (items.length === 0) {
    content = q ? (
      <NoMatch query={q} onClear={clearSearch} />
    ) : trash ? (
      <EmptyTrash />
    ) : (
      <NoItineraries />
    );
  } else {
    content = (
      <Stack gap="xl" ref={gridRef}>
        {fromDevice.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            radius="md"
            icon={<IconCloudOff size={20} aria-hidden />}
            data-testid="saved-trips-notice"
          >
            {t('list.savedOnDevice')}
          </Alert>
        )}
        <SimpleGrid
          component="ul"
          cols={GRID_COLS}
          spacing="lg"
          className={classes.grid}
          aria-label={tc('routes.itineraries.title')}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {items.slice(0, drawn).map((itinerary, index) => (
            <li key={itinerary.id} data-index={index}>
              {trash ? (
                <TrashedItineraryCard
                  itinerary={itinerary}
                  now={now}
                  restoring={restore.isPending && restore.variables === itinerary.id}
                  onRestore={() =>
                    restore.mutate(itinerary.id, {
                      onSuccess: () => {
                        setNotice({ kind: 'restored', id: itinerary.id, title: itinerary.title });
                        setNoticeFocus(true);
                      },
                    })
                  }
                />
              ) : (
                <ItineraryCard itinerary={itinerary} now={now} />
              )}
            </li>
          ))}
        </SimpleGrid>
        {query.hasNextPage && fromDevice.length === 0 && (
          <Center>
            <Button
              variant="default"
              size="md"
              loading={query.isFetchingNextPage}
              onClick={() => {
                focusIndex.current = items.length;
                void query.fetchNextPage();
              }}
            >
              {t('list.loadMore')}
            </Button>
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1}>{tc('routes.itineraries.title')}</Title>
            <Text c="gray.8">
              {trash ? t('trash.lead', { days: TRASH_RETENTION_DAYS }) : t('list.lead')}
            </Text>
          </Stack>
          <Group gap="sm">
            <ImportTripButton />
            <Button
              component={Link}
              to={to('/itinerary')}
              size="md"
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('list.newItinerary')}
            </Button>
          </Group>
        </Group>

        <nav className={classes.views} aria-label={t('list.views')}>
          {[false, true].map((inTrash) => (
            <Link
              key={String(inTrash)}
              to={viewHref(inTrash)}
              className={classes.view}
              aria-current={inTrash === trash ? 'page' : undefined}
              onClick={() => setToolbarKey((key) => key + 1)}
            >
              {inTrash ? (
                <IconTrash size={16} aria-hidden />
              ) : (
                <IconLayoutGrid size={16} aria-hidden />
              )}
              {t(inTrash ? 'list.trash' : 'list.current')}
            </Link>
          ))}
        </nav>

        {notice && (
          <ListNotice
            notice={notice}
            takeFocus={noticeFocus}
            onChange={(next) => {
              setNotice(next);
              setNoticeFocus(next !== null);
            }}
          />
        )}

        <ItineraryListToolbar
          key={toolbarKey}
          q={q}
          sort={sort}
          onSearch={(value) => update({ q: value })}
          onSort={(value) => update({ sort: value })}
        />

        <VisuallyHidden role="status" aria-live="polite">
          {q && !query.isPending && !query.isPlaceholderData
            ? t('list.shown', { count: items.length })
            : ''}
        </VisuallyHidden>

        {content}
      </Stack>
    </Container>
  );
}
