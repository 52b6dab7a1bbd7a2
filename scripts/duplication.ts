import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Prints how many lines of `apps` and `packages` (tests included) are exact copies of other
 * lines, as jscpd counts them (runs of 6 lines or more; data, styles and migrations left out:
 * .jscpd.json), and the ten largest clones. Exits with 1 at the limit or above, so the figure only
 * goes down: the next feature reuses a part instead of copying a sibling.
 */
const LIMIT_LINES = Number(process.env.DUPLICATION_LIMIT ?? 600);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = JSON.parse(readFileSync(path.join(root, '.jscpd.json'), 'utf8')) as {
  output: string;
};
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/jscpd/run-jscpd.js'),
    '--config',
    '.jscpd.json',
    'apps',
    'packages',
  ],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);

interface Clone {
  lines: number;
  firstFile: { name: string; start: number; end: number };
  secondFile: { name: string; start: number; end: number };
}
const report = JSON.parse(
  readFileSync(path.join(root, config.output, 'jscpd-report.json'), 'utf8'),
) as {
  statistics: { total: { clones: number; duplicatedLines: number; lines: number } };
  duplicates: Clone[];
};
const { clones, duplicatedLines, lines } = report.statistics.total;
const where = (file: Clone['firstFile']) => `${file.name}:${file.start}-${file.end}`;
for (const clone of [...report.duplicates].sort((a, b) => b.lines - a.lines).slice(0, 10)) {
  console.log(
    `${String(clone.lines).padStart(4)}  ${where(clone.firstFile)} ~ ${where(clone.secondFile)}`,
  );
}
console.log(
  `${duplicatedLines} duplicated lines in ${clones} clones, of ${lines} lines (limit ${LIMIT_LINES})`,
);
if (duplicatedLines >= LIMIT_LINES) process.exitCode = 1;
