import type { TripLeg } from '@jammy/shared/trip-legs';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { afterNextPaint } from '../../lib/after-paint';
import type { MapPoint, MapTrack } from './map-types';

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
export function FitBounds({
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

/**
 * How the map is made (react-leaflet's `MapContainer` reads it once): fitted to everything it
 * shows, with room for the zoom buttons as Leaflet draws them and none yet for the legend and
 * the notice, which are measured once drawn. A map made at another view and then fitted would
 * draw its markers twice, the first time at a zoom that groups few of them. With nothing to
 * show, the world.
 */
export function fittedView(
  points: MapPoint[],
  tracks: MapTrack[],
  legs: TripLeg[],
):
  | { bounds: L.LatLngBounds; boundsOptions: L.FitBoundsOptions }
  | { center: L.LatLngTuple; zoom: number } {
  const positions = positionsOf(points, tracks, legs);
  if (positions.length === 0) return { center: [30, 10], zoom: 2 };
  return {
    bounds: L.latLngBounds(positions),
    boundsOptions: fitOptions(positions, padding(ZOOM_BUTTONS_RIGHT, 0, 0)),
  };
}
