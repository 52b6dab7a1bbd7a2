// Bundles the server and the shared package into dist/, npm dependencies kept external:
// main.js (the entry point), server.js (the server, loaded by main.js once tracing is set up),
// tracing.js and metrics.js (loaded only when configured: OTEL_EXPORTER_OTLP_ENDPOINT,
// METRICS_PORT), and read-worker.js (the import reader's thread). What they import only when it
// is first needed (the app itself, loaded while PostgreSQL starts; the S3 store; the libraries
// of rare work) goes into chunks beside them, so that starting does not load it
// (docs/decisions/041).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * better-auth and the packages it alone depends on are bundled in: they are hundreds of small
 * ES modules, which Node 20 resolves and loads one by one, more than half a second of every
 * start (docs/decisions/041). zod, drizzle-orm and pg, which the server shares with it, stay
 * external, so there is one copy of each.
 */
const BUNDLED_PACKAGES =
  /^(better-auth|@better-auth\/[^/]+|@better-fetch\/[^/]+|@noble\/[^/]+|better-call|rou3|set-cookie-parser|defu|jose|kysely|nanostores)(\/|$)/;

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@jammy/') || BUNDLED_PACKAGES.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** The files loaded on demand: bundled on their own, so their imports load only with them. */
const lazy = {
  server: 'src/server.ts',
  tracing: 'src/observability/tracing.ts',
  metrics: 'src/observability/metrics.ts',
};
const lazyFiles = new Map(
  Object.entries(lazy).map(([name, file]) => [path.resolve(file).replace(/\.ts$/, ''), name]),
);

/** An import of a lazy file from another one points at its own bundle beside it. */
const lazyEntries = {
  name: 'lazy-entries',
  setup(builder) {
    builder.onResolve({ filter: /^\./ }, (args) => {
      const name = lazyFiles.get(path.resolve(args.resolveDir, args.path).replace(/\.ts$/, ''));
      return name === undefined || args.kind === 'entry-point'
        ? undefined
        : { path: `./${name}.js`, external: true };
    });
  },
};

const result = await build({
  entryPoints: {
    main: 'src/main.ts',
    ...lazy,
    'read-worker': 'src/modules/imports/read-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [lazyEntries, externalPackages],
  metafile: true,
});

/** The npm package a module path or specifier belongs to (`@scope/name` or `name`). */
function packageOf(specifier) {
  const [first, second] = specifier.split('/');
  return first?.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * dist/packages.json: the npm packages the bundle imports at run time (`external`) and those
 * whose code it holds (`bundled`). The container image keeps the first and drops the second
 * (scripts/container/prune-node-modules.mjs).
 */
const external = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external: isExternal } of output.imports) {
    if (isExternal && !/^(\.|\/|node:)/.test(specifier)) external.add(packageOf(specifier));
  }
}
const bundled = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const at = input.lastIndexOf('node_modules/');
  if (at >= 0) bundled.add(packageOf(input.slice(at + 'node_modules/'.length)));
}
writeFileSync(
  'dist/packages.json',
  `${JSON.stringify({ external: [...external].sort(), bundled: [...bundled].sort() }, null, 2)}\n`,
);
