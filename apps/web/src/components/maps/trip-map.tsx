import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type Ref } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAfterFirstPaint, useNearViewport } from '../../lib/after-paint';
import type { TripMapProps } from './map-types';
import classes from './trip-map.module.css';

export { TRACK_COLOR, type MapPoint, type MapTrack, type TripMapProps } from './map-types';

// The map library (Leaflet, 45 kB gzip) and the map itself load once the page around them is
// drawn: a trip's page shows its timeline first, then the map in the room kept for it.
const loadLeafletMap = async (): Promise<ComponentType<TripMapProps>> =>
  (await import('./leaflet-map')).LeafletMap;
const LeafletMap = lazy(async () => ({ default: await loadLeafletMap() }));

/** The frame the map will fill, the same size, while its code loads. */
function MapPlaceholder({
  height,
  name,
  busy,
  ref,
}: {
  height: number | string;
  name: string;
  /** Loading now; not while the map waits for its reader to come near. */
  busy: boolean;
  ref: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('maps');
  return (
    <div
      ref={ref}
      className={classes.frame}
      style={{ height }}
      role="region"
      aria-label={t('mapLabel', { name })}
      aria-busy={busy}
    />
  );
}

/**
 * The trip on a map: numbered markers in order, the route as a line, the stages' tracks,
 * fitted to all of them (leaflet-map.tsx), loaded after the page that shows it.
 */
export function TripMap(props: TripMapProps) {
  // Leaflet measures its container when it makes the map, which forces the browser to lay
  // out the whole page there and then, inside the render that built it. Made once the page
  // has been drawn, the map measures a page already laid out, and the page shows sooner.
  const painted = useAfterFirstPaint();
  // A map below the first screen (a trip's overview on a phone) is made as it comes near:
  // its code and its markers cost nothing to a traveller who does not scroll to it.
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame);
  // The map is drawn once its code is there, in place of the placeholder. Drawn before, it
  // would suspend, and React holds back what a suspended part shows at least 300 ms after the
  // placeholder it put up (its throttle of fallbacks): that, not the code, was most of the wait
  // for a trip's map. Code that failed to load is left to the lazy component, which throws its
  // error to the nearest error boundary as before.
  const [Map, setMap] = useState<ComponentType<TripMapProps> | null>(null);
  const wanted = painted && near;
  useEffect(() => {
    if (!wanted || Map) return;
    let live = true;
    loadLeafletMap().then(
      (loaded) => live && setMap(() => loaded),
      () => live && setMap(() => LeafletMap),
    );
    return () => {
      live = false;
    };
  }, [wanted, Map]);
  const placeholder = (busy: boolean) => (
    <MapPlaceholder ref={frame} height={props.height ?? 360} name={props.name} busy={busy} />
  );
  if (!painted) return placeholder(true);
  if (!near) return placeholder(false);
  if (!Map) return placeholder(true);
  return (
    <Suspense fallback={placeholder(true)}>
      <Map {...props} />
    </Suspense>
  );
}
