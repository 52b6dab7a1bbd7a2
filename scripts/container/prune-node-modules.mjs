// Keeps in node_modules only what a bundled workspace loads at run time. Used by the
// Containerfile once the build is done: everything else goes, the build's tools and also what
// `npm ci --omit=dev` would have kept (it keeps every optional peer that the lock file holds,
// and better-auth's optional peers bring in vitest, vite, drizzle-kit and React: over 100 MB
// that the server never loads).
//
//   node prune-node-modules.mjs apps/server apps/server/dist/packages.json
//                               (from the folder of node_modules)
//
// What stays: the packages the bundle imports (`external` of packages.json, which the build
// writes: the shared package's imports among them), the workspace's own `dependencies` except
// those whose code is inside the bundle (`bundled`, such as better-auth), and what those need
// in turn (`dependencies`, `optionalDependencies`, required `peerDependencies`). Then the files
// that Node never loads go too (type declarations, source maps, Markdown other than licences).
// It fails when an import of the bundle would not be found.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const [workspace, manifestFile] = process.argv.slice(2);
if (!workspace || !manifestFile) {
  console.error(
    'Name the workspace and its bundle’s packages.json, e.g. apps/server apps/server/dist/packages.json',
  );
  process.exit(1);
}
/** The hidden lock file npm writes: every installed package by its folder, with its edges. */
const installed = JSON.parse(readFileSync('node_modules/.package-lock.json', 'utf8')).packages;
if (!installed[workspace]) {
  console.error(`${workspace} is not a workspace of this install`);
  process.exit(1);
}
/** @type {{ external: string[], bundled: string[] }} */
const bundle = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The folder `name` resolves to from the package in `from`, as Node looks it up. */
function resolve(name, from) {
  let folder = from;
  for (;;) {
    const candidate = folder === '' ? `node_modules/${name}` : `${folder}/node_modules/${name}`;
    if (installed[candidate]) return candidate;
    if (folder === '') return undefined;
    const up = folder.lastIndexOf('/node_modules/');
    folder = up >= 0 ? folder.slice(0, up) : '';
  }
}

function runtimeEdges(entry) {
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
  ];
}

const insideBundle = new Set(bundle.bundled.filter((name) => !bundle.external.includes(name)));
const roots = new Set([
  ...runtimeEdges(installed[workspace]).filter((name) => !insideBundle.has(name)),
  ...bundle.external,
]);
const kept = new Set();
const queue = [];
const keep = (name, from) => {
  // An optional dependency for another platform is not installed: nothing to keep.
  const found = resolve(name, from);
  if (found && !kept.has(found)) {
    kept.add(found);
    queue.push(found);
  }
  return found;
};
for (const name of roots) keep(name, workspace);
while (queue.length > 0) {
  const folder = queue.pop();
  const entry = installed[folder];
  const target = entry.link ? entry.resolved : folder;
  for (const name of runtimeEdges(installed[target] ?? entry)) keep(name, target);
}

const missing = bundle.external.filter((name) => !resolve(name, workspace));
if (missing.length > 0) {
  console.error(`The bundle imports packages that are not installed: ${missing.join(', ')}`);
  process.exit(1);
}

let removed = 0;
for (const folder of Object.keys(installed)) {
  if (!folder.includes('node_modules/') || kept.has(folder)) continue;
  rmSync(folder, { recursive: true, force: true });
  removed += 1;
}
// A scope whose packages all went.
for (const entry of readdirSync('node_modules', { withFileTypes: true })) {
  const folder = path.join('node_modules', entry.name);
  if (entry.isDirectory() && entry.name.startsWith('@') && readdirSync(folder).length === 0) {
    rmSync(folder, { recursive: true });
  }
}
// The lock file and the command links describe the tree before pruning.
rmSync('node_modules/.package-lock.json', { force: true });
rmSync('node_modules/.bin', { recursive: true, force: true });

/** Files Node never loads: type declarations, source maps, Markdown (licences stay). */
const unloaded = (name) =>
  /\.d\.[cm]?ts$|\.map$/.test(name) ||
  (/\.md$/i.test(name) && !/^(licen[cs]e|copying|notice)/i.test(name));
let bytes = 0;
function sweep(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    // A nested node_modules holds packages of their own, swept (or removed) as such.
    if (entry.isDirectory() && entry.name !== 'node_modules') sweep(file);
    else if (entry.isFile() && unloaded(entry.name)) {
      bytes += statSync(file).size;
      rmSync(file);
    }
  }
}
for (const folder of kept) if (existsSync(folder)) sweep(folder);
console.log(
  `kept ${kept.size} packages for ${workspace}, removed ${removed}, and ${(bytes / 1e6).toFixed(0)} MB of declarations, source maps and notes`,
);
