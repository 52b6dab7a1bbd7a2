import { useDirection } from '@mantine/core';
import { LEG_MODES, type TripLeg } from '@jammy/shared/trip-legs';
import type { Ref } from 'react';
import { useTranslation } from '../../i18n/react';
import { Polyline } from 'react-leaflet';
import { LEG_STYLES } from './map-types';
import classes from './trip-map.module.css';

/** The legs of the journey, one line each (a flight's arc in two across the antimeridian). */
export function LegLines({ legs }: { legs: TripLeg[] }) {
  return legs.map((leg) => (
    <Polyline
      key={leg.id}
      positions={leg.parts}
      // Not clickable: a click goes through to the map (dropping a pin, selecting).
      interactive={false}
      // Leaflet sets a path's class when it is made: the mode, for the page's tests to find.
      className={`trip-map-leg trip-map-leg-${leg.mode}`}
      pathOptions={{
        ...LEG_STYLES[leg.mode],
        weight: 3,
        opacity: 0.9,
        lineCap: 'round',
        lineJoin: 'round',
      }}
    />
  ));
}

/** Which line is which mode: the modes on the map, each with a sample of its line. */
export function LegLegend({ legs, ref }: { legs: TripLeg[]; ref: Ref<HTMLUListElement> }) {
  const { t } = useTranslation('maps');
  // The map is laid out left to right whatever the language; its legend reads as the page does.
  const { dir } = useDirection();
  const modes = LEG_MODES.filter((mode) => legs.some((leg) => leg.mode === mode));
  if (modes.length === 0) return null;
  return (
    <ul ref={ref} className={classes.legend} dir={dir} aria-label={t('legs.legend')}>
      {modes.map((mode) => (
        <li key={mode} data-mode={mode}>
          <svg width="28" height="8" viewBox="0 0 28 8" aria-hidden>
            <line
              x1="3"
              y1="4"
              x2="25"
              y2="4"
              stroke={LEG_STYLES[mode].color}
              strokeWidth="3"
              strokeDasharray={LEG_STYLES[mode].dashArray}
              strokeLinecap="round"
            />
          </svg>
          {t(`legs.${mode}`)}
        </li>
      ))}
    </ul>
  );
}
