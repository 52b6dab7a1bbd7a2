import 'leaflet/dist/leaflet.css';
import { tripLegs } from '@jammy/shared/trip-legs';
import { Alert, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import L from 'leaflet';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { MapContainer, Marker, Polyline, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { prefersReducedMotion } from '../../lib/motion';
import { CLUSTER_FROM, clusterPoints } from './cluster';
import { FitBounds, fittedView } from './map-fit';
import { LegLegend, LegLines } from './map-legs';
import { useMapSettings } from './map-settings';
import { TRACK_COLOR, type MapPoint, type MapTrack, type TripMapProps } from './map-types';
import classes from './trip-map.module.css';

// One icon per label and state: Leaflet keeps a marker's element (and keyboard focus) while
// its icon object stays the same.
const icons = new Map<string, L.DivIcon>();

function cachedIcon(key: string, build: () => L.DivIcon): L.DivIcon {
  let icon = icons.get(key);
  if (!icon) {
    icon = build();
    icons.set(key, icon);
  }
  return icon;
}

function markerIcon(label: string, selected: boolean, kind: MapPoint['kind'] = 'place'): L.DivIcon {
  return cachedIcon(`${kind}:${selected ? 's' : 'n'}:${label}`, () =>
    kind === 'stage' ? buildStageIcon(label, selected) : buildIcon(label, selected),
  );
}

function labelHtml(label: string): string {
  const span = document.createElement('span');
  span.textContent = label;
  return span.outerHTML;
}

function buildIcon(label: string, selected: boolean): L.DivIcon {
  return L.divIcon({
    className: '',
    html: `<div class="${classes.marker} ${selected ? classes.selected : ''}">${labelHtml(label)}</div>`,
    iconSize: [30, 30],
    iconAnchor: [15, 30],
  });
}

/** A stage's destination: a disc with the stage's number, like its badge in the timeline. */
function buildStageIcon(label: string, selected: boolean): L.DivIcon {
  return L.divIcon({
    className: '',
    html: `<div class="${classes.stageMarker} ${selected ? classes.selected : ''}">${labelHtml(label)}</div>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });
}

/** A group of places drawn as one disc with their count (many places close together). */
function clusterIcon(count: number): L.DivIcon {
  return cachedIcon(`cluster:${count}`, () =>
    L.divIcon({
      className: '',
      html: `<div class="${classes.cluster}">${labelHtml(String(count))}</div>`,
      iconSize: [38, 38],
      iconAnchor: [19, 19],
    }),
  );
}

/**
 * A marker's handlers for `action`: a click, or Enter while it has the keyboard's focus
 * (Leaflet makes markers focusable but only turns Enter into a popup, never into a click).
 */
function activation(action: () => void): L.LeafletEventHandlerFnMap {
  return {
    click: action,
    keypress: (event) => {
      if ((event as L.LeafletKeyboardEvent).originalEvent.key === 'Enter') action();
    },
  };
}

/** The zoom past which markers are never grouped (the tiles' deepest, else Leaflet's usual). */
function deepestZoom(map: L.Map): number {
  const max = map.getMaxZoom();
  return Number.isFinite(max) ? max : 18;
}

/**
 * The markers: each point, or, from CLUSTER_FROM points, the places close together at the
 * map's zoom as one cluster marker whose click (or Enter) zooms to them. Stages' destinations
 * and the selected place are always drawn alone; at the deepest zoom nothing is grouped.
 */
function PointMarkers({
  points,
  selectedId,
  onSelect,
}: {
  points: MapPoint[];
  selectedId: string | null;
  onSelect?: (id: string) => void;
}) {
  const { t } = useTranslation('maps');
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const { singles, clusters } = useMemo(() => {
    if (points.length < CLUSTER_FROM || zoom >= deepestZoom(map)) {
      return { singles: points, clusters: [] };
    }
    const projected = points.map((point) => {
      const { x, y } = map.project([point.lat, point.lng], zoom);
      return { item: point, x, y };
    });
    return clusterPoints(projected, (point) => point.id, {
      keep: (point) => point.id === selectedId || point.kind === 'stage',
    });
  }, [map, points, selectedId, zoom]);
  return (
    <>
      {singles.map((point) => (
        <Marker
          key={point.id}
          position={[point.lat, point.lng]}
          icon={markerIcon(point.label, point.id === selectedId, point.kind)}
          title={point.title}
          alt={point.title}
          keyboard
          eventHandlers={onSelect ? activation(() => onSelect(point.id)) : {}}
        />
      ))}
      {clusters.map((cluster) => {
        const title = t('cluster', { count: cluster.members.length });
        return (
          <Marker
            key={cluster.key}
            position={map.unproject([cluster.x, cluster.y], zoom)}
            icon={clusterIcon(cluster.members.length)}
            title={title}
            alt={title}
            keyboard
            eventHandlers={activation(() =>
              map.fitBounds(
                L.latLngBounds(cluster.members.map((m): L.LatLngTuple => [m.lat, m.lng])),
                { padding: [48, 48], maxZoom: deepestZoom(map) },
              ),
            )}
          />
        );
      })}
    </>
  );
}

const NO_TRACKS: MapTrack[] = [];
const NO_BOOKINGS: NonNullable<TripMapProps['bookings']> = [];

function PickHandler({ onPick }: { onPick: (position: { lat: number; lng: number }) => void }) {
  useMapEvents({ click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/**
 * The trip on a map: numbered markers in order, the route as a line, the stages' tracks, the
 * legs of the journey (transport bookings) by their mode with a legend, fitted to all of them.
 * Works without tiles (offline, blocked): the markers and line still show, with a notice.
 * Loaded by TripMap (./trip-map) after the page around it has shown.
 */
export function LeafletMap({
  points,
  tracks = NO_TRACKS,
  bookings = NO_BOOKINGS,
  showRoute = true,
  selectedId = null,
  onSelect,
  onPick,
  pending = null,
  height = 360,
  name,
}: TripMapProps) {
  const { t } = useTranslation('maps');
  const { settings, failed: settingsFailed } = useMapSettings();
  const [tilesFailed, setTilesFailed] = useState(false);
  const { ref: noticeRef, height: noticeHeight } = useElementSize();
  const { ref: legendRef, height: legendHeight } = useElementSize<HTMLUListElement>();
  const legs = useMemo(() => tripLegs(bookings), [bookings]);
  const noticeShown = tilesFailed || settingsFailed;
  const route = useMemo(
    () => points.map((point) => [point.lat, point.lng] as [number, number]),
    [points],
  );
  // Made at its fitted view (map-fit.tsx): each marker drawn once, at the zoom it is shown at.
  const [made] = useState(() => fittedView(points, tracks, legs));
  // Leaflet reads its animation options once, when the map is made.
  const reducedMotion = prefersReducedMotion();

  return (
    <div
      className={classes.frame}
      style={{ height }}
      dir="ltr"
      role="region"
      aria-label={t('mapLabel', { name })}
    >
      <MapContainer
        className={classes.map}
        {...made}
        scrollWheelZoom={false}
        worldCopyJump
        // Zooms and fades jump straight to their end when the system asks for less motion.
        zoomAnimation={!reducedMotion}
        fadeAnimation={!reducedMotion}
        markerZoomAnimation={!reducedMotion}
      >
        {settings && (
          <TileLayer
            url={settings.tileUrl}
            // CORS, so the offline worker may keep the tiles it has seen (opaque answers it cannot).
            crossOrigin="anonymous"
            attribution={settings.attribution}
            eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          />
        )}
        {tracks.map((track) => (
          <Polyline
            key={track.id}
            positions={track.positions}
            // Not clickable: a click goes through to the map (dropping a pin, selecting).
            interactive={false}
            // Leaflet sets a path's class when it is made (style changes do not touch it).
            className="trip-map-track"
            pathOptions={{ color: TRACK_COLOR, weight: 4, opacity: 0.85, lineJoin: 'round' }}
          />
        ))}
        {showRoute && route.length > 1 && (
          <Polyline
            positions={route}
            pathOptions={{ color: '#c2255c', weight: 3, dashArray: '6 8' }}
          />
        )}
        {/* Over the order's line: a leg says how the traveller goes from one stage to the next. */}
        <LegLines legs={legs} />
        <PointMarkers points={points} selectedId={selectedId} onSelect={onSelect} />
        {pending && <Marker position={[pending.lat, pending.lng]} icon={markerIcon('+', true)} />}
        {onPick && <PickHandler onPick={onPick} />}
        <FitBounds
          points={points}
          tracks={tracks}
          legs={legs}
          bottomInset={noticeShown ? noticeHeight + 36 : 0}
          topInset={legendHeight}
        />
      </MapContainer>
      <LegLegend legs={legs} ref={legendRef} />
      {noticeShown && (
        <Alert
          ref={noticeRef}
          className={classes.notice}
          color="gray"
          variant="white"
          radius="md"
          p="xs"
        >
          <Text size="xs" c="gray.8">
            {t('tilesFailed')}
          </Text>
        </Alert>
      )}
    </div>
  );
}
