import { useState } from 'react';
import classes from './presets.module.css';

/**
 * A preset's picture at 16:9, loaded lazily; without one (or when it fails) a sunset gradient
 * with a faint map, so a card never shows a broken image.
 */
export function PresetCover({
  url,
  alt,
  eager = false,
  className,
}: {
  url: string | null;
  alt: string;
  /**
   * Above the fold (the hero, a list's first row): load at once, ahead of the page's other
   * pictures: the largest thing on the first screen waits for it.
   */
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = url !== null && url !== failed;
  return (
    <div className={`${classes.cover} ${className ?? ''}`}>
      {show ? (
        <img
          className={classes.coverImage}
          src={url}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(url)}
        />
      ) : (
        <svg
          className={classes.coverFallback}
          viewBox="0 0 320 180"
          preserveAspectRatio="xMidYMid slice"
          role="img"
          aria-label={alt}
        >
          <defs>
            <linearGradient id="preset-sky" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#1b2b4b" />
              <stop offset="1" stopColor="#c2255c" />
            </linearGradient>
          </defs>
          <rect width="320" height="180" fill="url(#preset-sky)" />
          <circle cx="236" cy="70" r="26" fill="#ffd8a8" opacity="0.85" />
          <path d="M0 150 70 96l46 34 58-58 70 62 76-40v86H0z" fill="#fff" opacity="0.16" />
          <path
            d="M30 160c40-40 90-30 120-52s70-36 130-16"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeDasharray="0.5 10"
            opacity="0.7"
          />
        </svg>
      )}
    </div>
  );
}
