// Keeps in node_modules only what a workspace needs at run time: its `dependencies`, their
// `dependencies`, `optionalDependencies` and required `peerDependencies`, and so on. Used by the
// Containerfile after `npm ci --omit=dev`, which keeps every optional peer that the lock file
// holds for the development tools (better-auth's optional peers bring in vitest, vite,
// drizzle-kit and React: over 100 MB that the server never loads).
//
//   node prune-node-modules.mjs apps/server      (from the folder that holds node_modules)
import { readFileSync, rmSync } from 'node:fs';

const workspace = process.argv[2];
if (!workspace) {
  console.error('Name the workspace whose run-time packages to keep, e.g. apps/server');
  process.exit(1);
}
/** The hidden lock file npm writes: every installed package by its folder, with its edges. */
const installed = JSON.parse(readFileSync('node_modules/.package-lock.json', 'utf8')).packages;
if (!installed[workspace]) {
  console.error(`${workspace} is not a workspace of this install`);
  process.exit(1);
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

const kept = new Set([workspace]);
const queue = [workspace];
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
console.log(`kept ${kept.size - 1} packages for ${workspace}, removed ${removed}`);
