// What a trip map shows, without the map library: pages and their data code name these types
// and constants; the map itself (leaflet-map.tsx) loads after the page has shown.
import type { LegBooking } from '@jammy/shared/trip-legs';

export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  /** Short text in the marker, usually its number in the order. */
  label: string;
  title: string;
  /** A place (a pin, the default) or a stage's destination (a disc, as in the timeline). */
  kind?: 'place' | 'stage';
}

/** A line a stage follows (an imported track), drawn under the markers. */
export interface MapTrack {
  id: string;
  stageId: string;
  /** [latitude, longitude] in the order travelled. */
  positions: [number, number][];
}

import type { LegMode } from '@jammy/shared/trip-legs';

/**
 * Each mode's line: a colour and a dash pattern of its own, so that modes are told apart
 * without colour too (and from the trip's order, dashed jam, and the tracks, solid jam).
 */
export const LEG_STYLES: Record<LegMode, { color: string; dashArray?: string }> = {
  flight: { color: '#1864ab', dashArray: '10 7' },
  train: { color: '#2b8a3e' },
  bus: { color: '#d9480f', dashArray: '1 6' },
  ferry: { color: '#0b7285', dashArray: '12 5 1 5' },
  car: { color: '#5f3dc4', dashArray: '5 5' },
};

/** The colour of stages' tracks: the brand's darkest jam, solid (the order line is dashed). */
export const TRACK_COLOR = '#a61e4d';

export interface TripMapProps {
  points: MapPoint[];
  /** Stages' tracks, each a solid line under the markers; the map is fitted to them too. */
  tracks?: MapTrack[];
  /**
   * The trip's bookings: each transport one (and rented car) with both ends located is drawn
   * as a leg under the markers, from its departure to its arrival, in its mode's style, with a
   * legend of the modes shown. The lines are built with the map, after the page.
   */
  bookings?: readonly LegBooking[];
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
