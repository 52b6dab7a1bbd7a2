import type { TripLeg } from '@jammy/shared/trip-legs';
import { LEG_STYLES } from './map-types';
import type { MapPoint, MapTrack } from './trip-map';

/**
 * A map as one picture, for paper: the configured tiles laid side by side on a canvas, the
 * stages' tracks and the markers drawn over them. A picture prints as it is shown, where a
 * live map would be cut or half-loaded when the page is laid out again for the printer.
 */

const TILE = 256;
const MAX_ZOOM = 17;
/** One marker alone: a city-level view, as on the live maps. */
const SINGLE_ZOOM = 12;

export interface Frame {
  zoom: number;
  /** World pixels (at `zoom`) of the picture's top-left corner. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Web Mercator: world pixel coordinates of a position at a zoom. */
export function project(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/**
 * The largest zoom at which every position fits inside the picture less `padding` on each
 * side, centred on them.
 */
export function frameFor(
  positions: [number, number][],
  size: { width: number; height: number },
  padding: number,
): Frame | null {
  if (positions.length === 0) return null;
  const lats = positions.map(([lat]) => lat);
  const lngs = positions.map(([, lng]) => lng);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const room = { width: size.width - 2 * padding, height: size.height - 2 * padding };
  let zoom = 0;
  const single = south === north && west === east;
  for (let candidate = single ? SINGLE_ZOOM : MAX_ZOOM; candidate >= 0; candidate -= 1) {
    const a = project(north, west, candidate);
    const b = project(south, east, candidate);
    if (b.x - a.x <= room.width && b.y - a.y <= room.height) {
      zoom = candidate;
      break;
    }
  }
  const a = project(north, west, zoom);
  const b = project(south, east, zoom);
  return {
    zoom,
    left: Math.round((a.x + b.x) / 2 - size.width / 2),
    top: Math.round((a.y + b.y) / 2 - size.height / 2),
    width: size.width,
    height: size.height,
  };
}

/** The tiles covering a frame: their address parts and where each goes in the picture. */
export function tilesFor(
  frame: Frame,
): { z: number; x: number; y: number; dx: number; dy: number }[] {
  const count = 2 ** frame.zoom;
  const tiles = [];
  const firstX = Math.floor(frame.left / TILE);
  const lastX = Math.floor((frame.left + frame.width - 1) / TILE);
  const firstY = Math.max(0, Math.floor(frame.top / TILE));
  const lastY = Math.min(count - 1, Math.floor((frame.top + frame.height - 1) / TILE));
  for (let ty = firstY; ty <= lastY; ty += 1) {
    for (let tx = firstX; tx <= lastX; tx += 1) {
      tiles.push({
        z: frame.zoom,
        // Across the antimeridian the world repeats.
        x: ((tx % count) + count) % count,
        y: ty,
        dx: tx * TILE - frame.left,
        dy: ty * TILE - frame.top,
      });
    }
  }
  return tiles;
}

/** A tile's address from the configured template (Leaflet's `{s}`, `{r}` understood too). */
export function tileAddress(template: string, tile: { z: number; x: number; y: number }): string {
  return template
    .replaceAll('{s}', 'a')
    .replaceAll('{r}', '')
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y));
}

function loadTile(url: string, timeoutMs: number): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    // CORS, so that the canvas can still be turned into a picture (a tainted one cannot).
    image.crossOrigin = 'anonymous';
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    image.onload = () => {
      window.clearTimeout(timer);
      resolve(image);
    };
    image.onerror = () => {
      window.clearTimeout(timer);
      resolve(null);
    };
    image.src = url;
  });
}

export interface StaticMapInput {
  points: MapPoint[];
  tracks: MapTrack[];
  /** The legs of the journey booked, drawn by mode as the trip's map draws them. */
  legs?: TripLeg[];
  /** The tile address template; without one the picture has no background map. */
  tileUrl: string | null;
  width: number;
  height: number;
  /** Device pixels per CSS pixel of the picture (2: sharp on paper). */
  ratio?: number;
  trackColor: string;
  placeColor: string;
  stageColor: string;
  tileTimeoutMs?: number;
}

export interface StaticMap {
  blob: Blob;
  /** Tiles that could not be loaded (blank squares in the picture). */
  missingTiles: number;
}

/** A marker's radius on the picture, its white ring included, in CSS pixels. */
export const MARKER_RADIUS = 15.5;
/** The least distance between two markers' centres once spread: they touch, never cover. */
const MARKER_SPACING = 2 * MARKER_RADIUS + 2;

/**
 * Where to draw markers so that none covers another: markers closer than their spacing push
 * each other apart, a little at a time, until none overlaps, and stay inside the picture.
 * Markers at the very same spot part along directions of their own, in their order, so the
 * result is the same every time. A marker far enough from all others stays where it is. Too
 * many markers for the picture stop once their overlap stops shrinking (or after 600 rounds),
 * as far apart as they got.
 */
export function spreadMarkers(
  points: readonly { x: number; y: number }[],
  size: { width: number; height: number },
): { x: number; y: number }[] {
  const spread = points.map((point) => ({ x: point.x, y: point.y, moveX: 0, moveY: 0 }));
  const clamp = (value: number, most: number) =>
    Math.min(Math.max(value, MARKER_RADIUS), most - MARKER_RADIUS);
  const cellOf = (value: number) => Math.floor(value / MARKER_SPACING);
  // The picture is far narrower than 4,096 squares, a marker at most one outside it.
  const cellKey = (column: number, row: number) => (column + 1) * 4096 + row + 1;
  let leastOverlap = Infinity;
  let leastAt = 0;
  for (let round = 0; round < 600; round += 1) {
    // Markers by square of the spacing's side: only those of neighbouring squares can overlap
    // (a trip of 500 places would otherwise compare every pair, every round).
    const cells = new Map<number, number[]>();
    spread.forEach((marker, index) => {
      const key = cellKey(cellOf(marker.x), cellOf(marker.y));
      const cell = cells.get(key);
      if (cell) cell.push(index);
      else cells.set(key, [index]);
    });
    // Every push of a round is worked out from where the markers stand before it, then applied
    // together: markers on a line keep the order of their spots.
    let overlap = 0;
    spread.forEach((a, i) => {
      for (let cx = cellOf(a.x) - 1; cx <= cellOf(a.x) + 1; cx += 1) {
        for (let cy = cellOf(a.y) - 1; cy <= cellOf(a.y) + 1; cy += 1) {
          for (const j of cells.get(cellKey(cx, cy)) ?? []) {
            const b = spread[j];
            if (j <= i || !b) continue;
            overlap += pushApart(a, b, i, j, spread.length);
          }
        }
      }
    });
    if (overlap === 0) break;
    // Too many markers for the picture never come apart: stop once the overlap has not shrunk
    // for a while.
    if (overlap < leastOverlap * 0.99) {
      leastOverlap = overlap;
      leastAt = round;
    } else if (round - leastAt > 10) break;
    for (const marker of spread) {
      marker.x = clamp(marker.x + marker.moveX, size.width);
      marker.y = clamp(marker.y + marker.moveY, size.height);
      marker.moveX = 0;
      marker.moveY = 0;
    }
  }
  return spread.map(({ x, y }) => ({ x, y }));
}

/**
 * Adds to the moves of `a` and `b` (markers `i` < `j` of `count`) a quarter of their overlap
 * each, apart; answers by how much they overlap (0 when they do not).
 */
function pushApart(
  a: { x: number; y: number; moveX: number; moveY: number },
  b: { x: number; y: number; moveX: number; moveY: number },
  i: number,
  j: number,
  count: number,
): number {
  let dx = b.x - a.x;
  let dy = b.y - a.y;
  let distance = Math.hypot(dx, dy);
  const overlap = MARKER_SPACING - distance;
  if (overlap <= 0.01) return 0;
  if (distance < 0.01) {
    // The same spot: part them along a direction of their own.
    const angle = (2 * Math.PI * j) / count + i;
    dx = Math.cos(angle);
    dy = Math.sin(angle);
    distance = 1;
  }
  const push = (MARKER_SPACING - distance) / 4 + 0.05;
  a.moveX -= (dx / distance) * push;
  a.moveY -= (dy / distance) * push;
  b.moveX += (dx / distance) * push;
  b.moveY += (dy / distance) * push;
  return overlap;
}

function drawMarker(
  context: CanvasRenderingContext2D,
  at: { x: number; y: number },
  label: string,
  color: string,
) {
  context.beginPath();
  context.arc(at.x, at.y, MARKER_RADIUS - 1.5, 0, 2 * Math.PI);
  context.fillStyle = color;
  context.fill();
  context.lineWidth = 3;
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.fillStyle = '#ffffff';
  context.font = `700 ${label.length > 2 ? 11 : 13}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, at.x, at.y + 0.5);
}

/** Draws the map picture (a PNG): tiles, then tracks, then markers on top. */
export async function renderStaticMap(input: StaticMapInput): Promise<StaticMap | null> {
  const positions: [number, number][] = [
    ...input.points.map((point): [number, number] => [point.lat, point.lng]),
    ...input.tracks.flatMap((track) => track.positions),
    ...(input.legs ?? []).flatMap((leg) => leg.parts.flat()),
  ];
  const frame = frameFor(positions, input, 36);
  if (!frame) return null;
  const ratio = input.ratio ?? 2;
  const canvas = document.createElement('canvas');
  canvas.width = input.width * ratio;
  canvas.height = input.height * ratio;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(ratio, ratio);
  context.fillStyle = '#e9ecef';
  context.fillRect(0, 0, input.width, input.height);

  let missingTiles = 0;
  if (input.tileUrl) {
    const tiles = tilesFor(frame);
    const template = input.tileUrl;
    const images = await Promise.all(
      tiles.map((tile) => loadTile(tileAddress(template, tile), input.tileTimeoutMs ?? 15_000)),
    );
    images.forEach((image, index) => {
      const tile = tiles[index];
      if (!image || !tile) {
        missingTiles += 1;
        return;
      }
      context.drawImage(image, tile.dx, tile.dy, TILE, TILE);
    });
  }

  const at = (lat: number, lng: number) => {
    const world = project(lat, lng, frame.zoom);
    return { x: world.x - frame.left, y: world.y - frame.top };
  };
  context.lineJoin = 'round';
  context.lineCap = 'round';
  for (const track of input.tracks) {
    context.beginPath();
    track.positions.forEach(([lat, lng], index) => {
      const point = at(lat, lng);
      if (index === 0) context.moveTo(point.x, point.y);
      else context.lineTo(point.x, point.y);
    });
    // A pale casing under the line keeps it readable on any background.
    context.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    context.lineWidth = 7;
    context.stroke();
    context.strokeStyle = input.trackColor;
    context.lineWidth = 4;
    context.stroke();
  }
  for (const leg of input.legs ?? []) {
    const style = LEG_STYLES[leg.mode];
    for (const part of leg.parts) {
      context.beginPath();
      part.forEach(([lat, lng], index) => {
        const point = at(lat, lng);
        if (index === 0) context.moveTo(point.x, point.y);
        else context.lineTo(point.x, point.y);
      });
      context.setLineDash([]);
      context.strokeStyle = 'rgba(255, 255, 255, 0.85)';
      context.lineWidth = 6;
      context.stroke();
      context.setLineDash(style.dashArray ? style.dashArray.split(' ').map(Number) : []);
      context.strokeStyle = style.color;
      context.lineWidth = 3;
      context.stroke();
    }
  }
  context.setLineDash([]);
  // Markers too close to be told apart on paper are drawn apart, each tied to its true spot by
  // a thin line ending in a dot.
  const spots = input.points.map((point) => at(point.lat, point.lng));
  const drawnAt = spreadMarkers(spots, input);
  spots.forEach((spot, index) => {
    const marker = drawnAt[index];
    if (!marker || Math.hypot(marker.x - spot.x, marker.y - spot.y) < 1) return;
    context.beginPath();
    context.moveTo(spot.x, spot.y);
    context.lineTo(marker.x, marker.y);
    context.strokeStyle = input.stageColor;
    context.lineWidth = 1.5;
    context.stroke();
    context.beginPath();
    context.arc(spot.x, spot.y, 3, 0, 2 * Math.PI);
    context.fillStyle = input.stageColor;
    context.fill();
  });
  input.points.forEach((point, index) => {
    drawMarker(
      context,
      drawnAt[index] ?? at(point.lat, point.lng),
      point.label,
      point.kind === 'stage' ? input.stageColor : input.placeColor,
    );
  });

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? { blob, missingTiles } : null;
}
