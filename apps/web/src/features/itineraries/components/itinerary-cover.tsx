import type { Itinerary } from '@jammy/shared/itineraries';
import { useState } from 'react';
import classes from './itinerary-cover.module.css';

// Gradient pairs dark enough for white initials (at least 3:1 for large text).
const GRADIENTS: [string, string][] = [
  ['#a61e4d', '#e64980'],
  ['#1b2b4b', '#4566b0'],
  ['#0b7285', '#1098ad'],
  ['#c2410c', '#e8590c'],
  ['#5f3dc4', '#7950f2'],
  ['#2b8a3e', '#2f9e44'],
];

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return value;
}

/** The first letters of the title's first two words ("Kyoto and Nara" → "KA"). */
export function initialsOf(title: string): string {
  const words = title.trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '·';
}

/** A faint map: contour lines, a dotted route and two pins. */
function MapPattern({ flip }: { flip: boolean }) {
  return (
    <svg
      className={classes.pattern}
      viewBox="0 0 320 160"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden
      focusable="false"
    >
      <g
        fill="none"
        stroke="#fff"
        strokeWidth="1.2"
        transform={flip ? 'matrix(-1 0 0 1 320 0)' : undefined}
      >
        <path d="M-10 40c40-18 70 10 110-2s60-34 100-20 70 30 130 10" />
        <path d="M-10 70c44-14 80 12 118 0s62-30 104-16 64 26 118 8" />
        <path d="M-10 128c50-10 70-30 120-22s70 34 120 26 60-26 100-20" />
        <path d="M40 160c10-30 40-46 70-40s42 28 66 40" />
        <path
          d="M48 112c30-44 70-52 104-30s56 26 92-8"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray="0.5 9"
        />
        <circle cx="48" cy="112" r="6" strokeWidth="2.5" />
        <path
          d="M244 74c0-9 7-15 14-15s14 6 14 15c0 10-14 22-14 22s-14-12-14-22z"
          strokeWidth="2.5"
        />
      </g>
    </svg>
  );
}

/**
 * The address of an itinerary's cover picture: the uploaded photo (its 320 px thumbnail for
 * cards, its 1280 px copy for a banner), else the picture address typed in, else null.
 */
export function coverImageOf(
  itinerary: Pick<Itinerary, 'cover' | 'coverUrl'>,
  size: 'thumb' | 'medium',
): string | null {
  const { cover } = itinerary;
  if (cover) return (size === 'thumb' ? cover.thumbUrl : cover.mediumUrl) ?? cover.url;
  return itinerary.coverUrl;
}

/** The picture of an itinerary: its cover image, else a gradient with its initials on a map. */
export function ItineraryCover({
  id,
  title,
  coverUrl,
  height,
  className,
}: {
  id: string;
  title: string;
  coverUrl: string | null;
  height: number;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const seed = hash(id);
  const [from, to] = GRADIENTS[seed % GRADIENTS.length] ?? GRADIENTS[0] ?? ['#1b2b4b', '#4566b0'];
  const showImage = coverUrl !== null && coverUrl !== failedUrl;
  return (
    <div
      className={`${classes.cover} ${className ?? ''}`}
      style={{ height, background: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      <MapPattern flip={seed % 2 === 1} />
      <span className={classes.initials} aria-hidden>
        {initialsOf(title)}
      </span>
      {showImage && (
        <img
          className={classes.image}
          src={coverUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(coverUrl)}
        />
      )}
    </div>
  );
}
