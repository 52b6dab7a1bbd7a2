/**
 * Lines for the simplification's tests and benchmark: a watch's recording, and the shape that
 * makes Douglas–Peucker do the most work.
 */

/** A hike recorded once a second: a slow drift north-east with a few metres of GPS noise. */
export function recordedTrack(points: number): [number, number][] {
  // A fixed pseudo-random sequence (a linear congruential generator): the same line every run.
  let seed = 42;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648 - 0.5;
  };
  let lng = 7;
  let lat = 45;
  return Array.from({ length: points }, (): [number, number] => {
    lng += 1e-5 + noise() * 4e-5;
    lat += 1e-5 + noise() * 4e-5;
    return [Math.round(lng * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6];
  });
}

/**
 * Back and forth between two points, ending between them: every split of Douglas–Peucker
 * peels a single point off the end of its part (the farthest points tie, the first wins), so
 * its recursion is as deep as the line is long and its work grows with the square of it.
 */
export function zigzag(points: number): [number, number][] {
  return Array.from({ length: points }, (_, index): [number, number] =>
    index === points - 1 ? [0.5, 0] : index % 2 === 0 ? [0, 0] : [1, 1],
  );
}
