import { fileURLToPath } from 'node:url';

// This file sits one level below the server package both as source (src/paths.ts) and
// once bundled (dist/main.js), so these paths hold in development, tests and production.
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** The folder of committed SQL migrations. */
export const MIGRATIONS_DIR = `${serverRoot}src/db/migrations`;
/** The built single-page app served by the server. */
export const DEFAULT_WEB_DIST_DIR = `${serverRoot}../web/dist`;
