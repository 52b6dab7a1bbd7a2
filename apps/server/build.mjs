// Bundles the server and the shared package into dist/, npm dependencies kept external:
// main.js (the entry point), server.js (the server, loaded by main.js once tracing is set up),
// tracing.js and metrics.js (loaded only when configured: OTEL_EXPORTER_OTLP_ENDPOINT,
// METRICS_PORT), and read-worker.js (the import reader's thread). What they import only when it
// is first needed (the app itself, loaded while PostgreSQL starts; the S3 store; the libraries
// of rare work) goes into chunks beside them, so that starting does not load it
// (docs/decisions/041).
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

await build({
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
});
