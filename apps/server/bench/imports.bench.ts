// `npm run bench:imports`: the import's line simplification, in process.
//
// 1. simplifyLine on 200,000 points: a recorded hike (a watch's track, one point a second) and
//    the zigzag that makes Douglas–Peucker's work grow with the square of the line.
// 2. readImport of the GeoJSON file a traveller could send: one such zigzag LineString, the
//    whole reading (JSON, validation, simplification), as the reader's thread does it.

import { simplifyLine } from '../src/modules/imports/features';
import { readImport } from '../src/modules/imports/read-import';
import { recordedTrack, zigzag } from '../test/lines';

const POINTS = 200_000;
const ROUNDS = 5;

function time(label: string, run: () => number): void {
  const samples: number[] = [];
  let size = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    try {
      size = run();
    } catch (error) {
      console.log(
        `${label}: failed after ${(performance.now() - started).toFixed(0)} ms: ${String(error)}`,
      );
      return;
    }
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const ms = (value: number | undefined) => (value ?? NaN).toFixed(0);
  console.log(
    `${label}: ${size} points kept; median ${ms(samples[Math.floor(samples.length / 2)])} ms, ` +
      `min ${ms(samples[0])} ms, max ${ms(samples.at(-1))} ms (${ROUNDS} runs)`,
  );
}

for (const [name, line] of [
  ['recorded hike', recordedTrack(POINTS)],
  ['zigzag', zigzag(POINTS)],
] as const) {
  time(
    `simplifyLine, ${POINTS.toLocaleString('en')} points, ${name}`,
    () => simplifyLine(line).length,
  );
}

const file = new TextEncoder().encode(
  JSON.stringify({ type: 'LineString', coordinates: zigzag(POINTS) }),
);
time(
  `readImport, GeoJSON LineString of ${POINTS.toLocaleString('en')} points (${(file.length / 1e6).toFixed(1)} MB)`,
  () =>
    readImport('geojson', file, {
      fileName: 'line',
      stage: null,
      stageTitle: undefined,
      zone: null,
      dates: null,
    }).routes[0]?.coordinates.length ?? 0,
);
