import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Fails when a file under a `src` folder has more than 400 lines (issue 32: a file is read in
 * one sitting; a long one is split along its seams, a long test file by topic). Counted: every
 * file of `apps/server/src`, `apps/web/src` and `packages/shared/src` (code, tests, styles,
 * images; the messages are outside, in `packages/shared/locales`), except what drizzle-kit
 * generates (`db/migrations`), and the preset
 * catalogue's trips (`modules/presets/catalogue/*.json`: data, one trip a file), and the booking
 * inbox's corpus (`modules/inbox/corpus/`: mails, passes and PDFs as they arrive, one a file).
 */
const MAX_LINES = 400;
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const LEFT_OUT = [
  /^apps\/server\/src\/db\/migrations\//,
  /^apps\/server\/src\/modules\/presets\/catalogue\/[^/]+\.json$/,
  /^apps\/server\/src\/modules\/inbox\/corpus\//,
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(file);
    return entry.isFile() ? [file] : [];
  });
}

const lengths = ROOTS.flatMap(filesUnder)
  .filter((file) => !LEFT_OUT.some((pattern) => pattern.test(file)))
  .map((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return { file, lines };
  })
  .sort((a, b) => b.lines - a.lines);

const tooLong = lengths.filter(({ lines }) => lines > MAX_LINES);
for (const { file, lines } of tooLong) {
  console.error(`${file}: ${lines} lines (at most ${MAX_LINES}: split it along its seams)`);
}
const longest = lengths
  .slice(0, 3)
  .map(({ file, lines }) => `${file} ${lines}`)
  .join(', ');
console.log(
  `${lengths.length} files under src, ${tooLong.length} over ${MAX_LINES} lines; longest: ${longest}`,
);
if (tooLong.length > 0) process.exitCode = 1;
