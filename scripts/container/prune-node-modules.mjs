// Keeps in node_modules only what some workspaces need at run time: their `dependencies`, their
// `dependencies`, `optionalDependencies` and required `peerDependencies`, and so on. Used by the
// Containerfile once the build is done: everything else goes, the build's tools and also what
// `npm ci --omit=dev` would have kept (it keeps every optional peer that the lock file holds,
// and better-auth's optional peers bring in vitest, vite, drizzle-kit and React: over 100 MB
// that the server never loads).
//
//   node prune-node-modules.mjs apps/server packages/shared   (from the folder of node_modules)
//
// (The server's bundle holds the shared package's code, but not the npm packages it imports.)
import { readFileSync, rmSync } from 'node:fs';

const workspaces = process.argv.slice(2);
if (workspaces.length === 0) {
  console.error('Name the workspaces whose run-time packages to keep, e.g. apps/server');
  process.exit(1);
}
/** The hidden lock file npm writes: every installed package by its folder, with its edges. */
const installed = JSON.parse(readFileSync('node_modules/.package-lock.json', 'utf8')).packages;
for (const workspace of workspaces) {
  if (!installed[workspace]) {
    console.error(`${workspace} is not a workspace of this install`);
    process.exit(1);
  }
}

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

const kept = new Set(workspaces);
const queue = [...workspaces];
while (queue.length > 0) {
  const folder = queue.pop();
  const entry = installed[folder];
  const target = entry.link ? entry.resolved : folder;
  for (const name of runtimeEdges(installed[target] ?? entry)) {
    // An optional dependency for another platform is not installed: nothing to keep.
    const found = resolve(name, target);
    if (found && !kept.has(found)) {
      kept.add(found);
      queue.push(found);
    }
  }
}

let removed = 0;
for (const folder of Object.keys(installed)) {
  if (!folder.includes('node_modules/') || kept.has(folder)) continue;
  rmSync(folder, { recursive: true, force: true });
  removed += 1;
}
// The lock file and the command links describe the tree before pruning.
rmSync('node_modules/.package-lock.json', { force: true });
rmSync('node_modules/.bin', { recursive: true, force: true });
console.log(
  `kept ${kept.size - workspaces.length} packages for ${workspaces.join(', ')}, removed ${removed}`,
);
