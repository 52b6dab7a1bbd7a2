import 'leaflet/dist/leaflet.css';
import { tripLegs, type TripLeg } from '@jammy/shared/trip-legs';
import { Alert, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { MapContainer, Marker, Polyline, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { afterNextPaint } from '../../lib/after-paint';
import { prefersReducedMotion } from '../../lib/motion';
import { CLUSTER_FROM, clusterPoints } from './cluster';
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

// Room kept around the markers when fitting: a pin stands up to 36 px above its point and
// 18 px to each side; the zoom buttons sit in the top-left corner (the map is always laid out
// left to right) and the attribution along the bottom.
const EDGE = 10;
const PIN_HEIGHT = 36;
const PIN_HALF_WIDTH = 18;
const ATTRIBUTION_HEIGHT = 20;
/**
 * Where the zoom buttons end, from the map's left edge, as Leaflet's stylesheet draws them in
 * a browser with touch or pointer events (every current one): a 10 px margin, a 2 px border
 * each side and 30 px buttons. The map is made fitted with this room kept; once drawn, the
 * buttons are measured and the view corrected if they differ.
 */
const ZOOM_BUTTONS_RIGHT = 10 + 2 + 30 + 2;

/**
 * Pixels kept free on each side so no marker lands under a control (the zoom buttons ending
 * `zoomRight` pixels from the left), the legend along the top (`topInset` pixels) or the notice
 * along the bottom.
 */
function padding(zoomRight: number, bottomInset: number, topInset: number): L.FitBoundsOptions {
  return {
    paddingTopLeft: L.point(
      Math.max(zoomRight, 0) + PIN_HALF_WIDTH + EDGE,
      topInset + PIN_HEIGHT + EDGE,
    ),
    paddingBottomRight: L.point(
      PIN_HALF_WIDTH + EDGE,
      Math.max(ATTRIBUTION_HEIGHT, bottomInset) + EDGE,
    ),
  };
}

/** The room `padding` keeps, with the zoom buttons measured where the map drew them. */
function measuredPadding(map: L.Map, bottomInset: number, topInset: number) {
  const zoom = map.getContainer().querySelector('.leaflet-control-zoom');
  const zoomRight = zoom
    ? zoom.getBoundingClientRect().right - map.getContainer().getBoundingClientRect().left
    : 0;
  return padding(zoomRight, bottomInset, topInset);
}

/** Every position the map shows: its points, tracks and legs. */
function positionsOf(points: MapPoint[], tracks: MapTrack[], legs: TripLeg[]): L.LatLngTuple[] {
  return [
    ...points.map((point): L.LatLngTuple => [point.lat, point.lng]),
    ...tracks.flatMap((track) => track.positions),
    ...legs.flatMap((leg) => leg.parts.flat()),
  ];
}

/** How the map fits `positions` with `room` kept: one marker gets a city-level view. */
function fitOptions(positions: L.LatLngTuple[], room: L.FitBoundsOptions): L.FitBoundsOptions {
  return positions.length === 1 ? { ...room, maxZoom: 12 } : room;
}

/**
 * Shows every marker and line: fitted to the points, tracks and legs with room for the
 * controls, the legend along the top (`topInset` pixels) and a notice along the bottom
 * (`bottomInset` pixels), again when they move or the map changes size.
 *
 * The map is made already fitted (LeafletMap), so its markers are drawn once, at the view they
 * are shown in. Here, the first fit, with the zoom buttons measured, waits until the page has
 * been drawn: measured then, nothing forces the browser to lay out the page in the middle of
 * the task that makes the map.
 */
function FitBounds({
  points,
  tracks,
  legs,
  bottomInset,
  topInset,
}: {
  points: MapPoint[];
  tracks: MapTrack[];
  legs: TripLeg[];
  bottomInset: number;
  topInset: number;
}) {
  const map = useMap();
  const made = useRef(true);
  const key = [
    ...points.map((point) => `${point.lat},${point.lng}`),
    ...tracks.map((track) => `${track.id}:${track.positions.length}`),
    ...legs.map((leg) => `${leg.id}:${leg.parts.flat().join(',')}`),
  ].join(';');
  useEffect(() => {
    const fit = () => {
      const positions = positionsOf(points, tracks, legs);
      if (positions.length === 0) return;
      map.fitBounds(
        L.latLngBounds(positions),
        fitOptions(positions, measuredPadding(map, bottomInset, topInset)),
      );
    };
    const cancel = made.current ? afterNextPaint(fit) : (fit(), undefined);
    made.current = false;
    // A map laid out again (the page's columns settle, a phone turns) fits anew.
    let size = map.getSize();
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      const next = map.getSize();
      if (next.equals(size)) return;
      size = next;
      fit();
    });
    observer.observe(map.getContainer());
    return () => {
      cancel?.();
      observer.disconnect();
    };
    // Re-fit only when the coordinates or the room change, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, bottomInset, topInset]);
  return null;
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
  // Made fitted to everything it shows (room for the buttons as Leaflet draws them, none yet
  // for the legend and notice, which are measured once drawn): a map made at another view and
  // then fitted would draw its markers twice, the first time at a zoom that groups few of them.
  const [made] = useState(() => {
    const positions = positionsOf(points, tracks, legs);
    return positions.length > 0
      ? {
          bounds: L.latLngBounds(positions),
          boundsOptions: fitOptions(positions, padding(ZOOM_BUTTONS_RIGHT, 0, 0)),
        }
      : { center: [30, 10] as L.LatLngTuple, zoom: 2 };
  });
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
