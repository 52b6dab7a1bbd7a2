import type { ItineraryTree } from '@jammy/shared/itineraries';
import { tripLegs } from '@jammy/shared/trip-legs';
import { Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { groupByStage, numberTrip, tripMarkers, useMarkerTitles } from '../../itineraries/public';
import { stageRoutesQuery, tracksOf } from '../../../components/maps/stage-routes';
import { TRACK_COLOR } from '../../../components/maps/trip-map';
import { useMapSettings } from '../../../components/maps/map-settings';
import { renderStaticMap } from '../../../components/maps/static-map';
import classes from './print-page.module.css';

/**
 * The picture's size in CSS pixels (16:10), drawn at twice that. Printed across an A4 page's
 * text (about 18 cm), a marker is about 6 mm wide and the tiles' lettering stays readable.
 */
const WIDTH = 800;
const HEIGHT = 500;

/** Where the map stands: being drawn, shown, or not there (nothing on the trip has a place). */
export type PrintMapState = 'drawing' | 'ready' | 'none';

/** The picture, or `failed` when it could not be drawn (the page then prints without it). */
type Drawn = { url: string; missingTiles: number } | 'failed' | null;

/** The attribution as plain text (it may be configured with HTML links). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/**
 * The trip's places, stage tracks and legs booked (by mode) as one picture on the printed cover, drawn from the
 * configured tiles once they have all arrived (or given up), so that what prints is whole.
 * `onState` tells the page when it may print.
 */
export function PrintMap({
  tree,
  onState,
}: {
  tree: ItineraryTree;
  onState: (state: PrintMapState) => void;
}) {
  const { t } = useTranslation('exports');
  const titles = useMarkerTitles();
  const { settings, failed: settingsFailed } = useMapSettings();
  const routes = useQuery(stageRoutesQuery(tree.itinerary.id));
  const points = useMemo(() => {
    const { groups, loose } = groupByStage(tree);
    return tripMarkers(groups, loose, numberTrip(groups, loose), titles);
  }, [tree, titles]);
  const tracks = useMemo(() => tracksOf(routes.data), [routes.data]);
  const legs = useMemo(() => tripLegs(tree.bookings), [tree.bookings]);
  // Waits for the tile address (or the word that it cannot be had) and for the tracks.
  const inputsReady = (settings !== undefined || settingsFailed) && !routes.isPending;
  const empty = points.length === 0 && tracks.length === 0 && legs.length === 0;
  const [drawn, setDrawn] = useState<Drawn>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!inputsReady || empty) return;
    let cancelled = false;
    let url: string | null = null;
    void renderStaticMap({
      points,
      tracks,
      legs,
      tileUrl: settings?.tileUrl ?? null,
      width: WIDTH,
      height: HEIGHT,
      trackColor: TRACK_COLOR,
      placeColor: '#c2255c',
      stageColor: '#1b2b4b',
    })
      .catch(() => null)
      .then((map) => {
        if (cancelled) return;
        if (!map) {
          setDrawn('failed');
          return;
        }
        url = URL.createObjectURL(map.blob);
        setLoaded(false);
        setDrawn({ url, missingTiles: map.missingTiles });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [inputsReady, empty, points, tracks, legs, settings?.tileUrl]);

  const state: PrintMapState =
    (empty && inputsReady) || drawn === 'failed' ? 'none' : drawn && loaded ? 'ready' : 'drawing';
  useEffect(() => onState(state), [state, onState]);

  if (state === 'none' || drawn === 'failed') return null;
  const attribution = settings ? plainText(settings.attribution) : '';
  return (
    <figure className={classes.map} data-testid="print-map" data-state={state}>
      {drawn ? (
        <img
          src={drawn.url}
          width={WIDTH}
          height={HEIGHT}
          alt={t('print.mapAlt', { title: tree.itinerary.title })}
          className={classes.mapImage}
          onLoad={() => setLoaded(true)}
        />
      ) : (
        <div className={classes.mapPlaceholder}>
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="gray.8">
              {t('print.mapDrawing')}
            </Text>
          </Group>
        </div>
      )}
      {(attribution || (drawn?.missingTiles ?? 0) > 0) && (
        <figcaption className={classes.mapCaption}>
          {(drawn?.missingTiles ?? 0) > 0 && <span>{t('print.mapTilesMissing')} </span>}
          {attribution && <bdi dir="ltr">{attribution}</bdi>}
        </figcaption>
      )}
    </figure>
  );
}
