// Bundles the server and the shared package into dist/main.js, and the import reader's thread
// into dist/read-worker.js beside it; npm dependencies stay external. What main.js imports
// only when it is first needed (the app itself, loaded while PostgreSQL starts; the S3 store)
// goes into chunks beside them, so that starting does not load it (docs/decisions/041).
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

await build({
  entryPoints: { main: 'src/main.ts', 'read-worker': 'src/modules/imports/read-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
