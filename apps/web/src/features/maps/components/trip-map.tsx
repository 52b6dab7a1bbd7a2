import 'leaflet/dist/leaflet.css';
import { Alert, Text } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Polyline, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useMapSettings } from '../map-settings';
import classes from './trip-map.module.css';

export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  /** Short text in the marker, usually its number in the order. */
  label: string;
  title: string;
}

export interface TripMapProps {
  points: MapPoint[];
  /** Draw the route through the points in their order. */
  showRoute?: boolean;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** When set, clicking the map drops a pin there. */
  onPick?: (position: { lat: number; lng: number }) => void;
  /** A pin not yet saved (the one just dropped). */
  pending?: { lat: number; lng: number } | null;
  height?: number | string;
  /** What the map shows, for screen readers ("Map of Kyoto"). */
  name: string;
}

// One icon per label and state: Leaflet keeps a marker's element (and keyboard focus) while
// its icon object stays the same.
const icons = new Map<string, L.DivIcon>();

function markerIcon(label: string, selected: boolean): L.DivIcon {
  const key = `${selected ? 's' : 'n'}:${label}`;
  const cached = icons.get(key);
  if (cached) return cached;
  const icon = buildIcon(label, selected);
  icons.set(key, icon);
  return icon;
}

function buildIcon(label: string, selected: boolean): L.DivIcon {
  const span = document.createElement('span');
  span.textContent = label;
  return L.divIcon({
    className: '',
    html: `<div class="${classes.marker} ${selected ? classes.selected : ''}">${span.outerHTML}</div>`,
    iconSize: [30, 30],
    iconAnchor: [15, 30],
  });
}

function FitBounds({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const key = points.map((point) => `${point.lat},${point.lng}`).join(';');
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) {
      const [only] = points;
      if (only) map.setView([only.lat, only.lng], 12);
      return;
    }
    map.fitBounds(L.latLngBounds(points.map((point) => [point.lat, point.lng])), {
      padding: [36, 36],
    });
    // Re-fit only when the coordinates change, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

function PickHandler({ onPick }: { onPick: (position: { lat: number; lng: number }) => void }) {
  useMapEvents({ click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/**
 * The trip on a map: numbered markers in order, the route as a line, fitted to the points.
 * Works without tiles (offline, blocked): the markers and line still show, with a notice.
 */
export function TripMap({
  points,
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
  const route = useMemo(
    () => points.map((point) => [point.lat, point.lng] as [number, number]),
    [points],
  );
  const first = points[0];

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
        center={first ? [first.lat, first.lng] : [30, 10]}
        zoom={first ? 11 : 2}
        scrollWheelZoom={false}
        worldCopyJump
      >
        {settings && (
          <TileLayer
            url={settings.tileUrl}
            attribution={settings.attribution}
            eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          />
        )}
        {showRoute && route.length > 1 && (
          <Polyline
            positions={route}
            pathOptions={{ color: '#c2255c', weight: 3, dashArray: '6 8' }}
          />
        )}
        {points.map((point) => (
          <Marker
            key={point.id}
            position={[point.lat, point.lng]}
            icon={markerIcon(point.label, point.id === selectedId)}
            title={point.title}
            alt={point.title}
            keyboard
            eventHandlers={onSelect ? { click: () => onSelect(point.id) } : {}}
          />
        ))}
        {pending && <Marker position={[pending.lat, pending.lng]} icon={markerIcon('+', true)} />}
        {onPick && <PickHandler onPick={onPick} />}
        <FitBounds points={points} />
      </MapContainer>
      {(tilesFailed || settingsFailed) && (
        <Alert className={classes.notice} color="gray" variant="white" radius="md" p="xs">
          <Text size="xs" c="gray.8">
            {t('tilesFailed')}
          </Text>
        </Alert>
      )}
    </div>
  );
}
