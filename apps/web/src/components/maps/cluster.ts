/**
 * Grouping of a map's markers when there are many: points whose markers would fall within one
 * cell of a pixel grid at the map's zoom are drawn as one cluster marker with their count.
 * Pure (the map projects the points), so it is tested without a map.
 */

/** From this many points a map groups them; fewer are all drawn as they are. */
export const CLUSTER_FROM = 80;

/** The side of a grid cell in pixels: about two markers' widths. */
export const CLUSTER_CELL_PX = 56;

export interface Projected<T> {
  item: T;
  /** The point's position on the map at its zoom, in pixels. */
  x: number;
  y: number;
}

export interface Cluster<T> {
  /** Stable for the same members: the first member's key and the count. */
  key: string;
  members: T[];
  /** Where the cluster marker goes: the members' mean position, in pixels. */
  x: number;
  y: number;
}

export interface Clustered<T> {
  singles: T[];
  clusters: Cluster<T>[];
}

/**
 * Splits `points` into those drawn alone and clusters of two or more sharing a grid cell.
 * `keep` points (the selected one) are never grouped. Below `from` points nothing is grouped.
 */
export function clusterPoints<T>(
  points: Projected<T>[],
  keyOf: (item: T) => string,
  { keep = () => false, from = CLUSTER_FROM, cell = CLUSTER_CELL_PX } = {} as {
    keep?: (item: T) => boolean;
    from?: number;
    cell?: number;
  },
): Clustered<T> {
  if (points.length < from) return { singles: points.map((point) => point.item), clusters: [] };
  const cells = new Map<string, Projected<T>[]>();
  const singles: T[] = [];
  for (const point of points) {
    if (keep(point.item)) {
      singles.push(point.item);
      continue;
    }
    const id = `${Math.floor(point.x / cell)}:${Math.floor(point.y / cell)}`;
    const members = cells.get(id);
    if (members) members.push(point);
    else cells.set(id, [point]);
  }
  const clusters: Cluster<T>[] = [];
  for (const members of cells.values()) {
    if (members.length === 1) {
      singles.push((members[0] as Projected<T>).item);
      continue;
    }
    const first = members[0] as Projected<T>;
    clusters.push({
      key: `${keyOf(first.item)}+${members.length}`,
      members: members.map((member) => member.item),
      x: members.reduce((sum, member) => sum + member.x, 0) / members.length,
      y: members.reduce((sum, member) => sum + member.y, 0) / members.length,
    });
  }
  return { singles, clusters };
}
