import { useDirection } from '@mantine/core';
import { LEG_MODES, type LegMode, type TripLeg } from '@jammy/shared/trip-legs';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Polyline } from 'react-leaflet';
import classes from './trip-map.module.css';

/**
 * Each mode's line: a colour and a dash pattern of its own, so that modes are told apart
 * without colour too (and from the trip's order, dashed jam, and the tracks, solid jam).
 */
const LEG_STYLES: Record<LegMode, { color: string; dashArray?: string }> = {
  flight: { color: '#1864ab', dashArray: '10 7' },
  train: { color: '#2b8a3e' },
  bus: { color: '#d9480f', dashArray: '1 6' },
  ferry: { color: '#0b7285', dashArray: '12 5 1 5' },
  car: { color: '#5f3dc4', dashArray: '5 5' },
};

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
