// vite.config.ts defines these constants in the app's build; unit tests run the modules
// without that build step, so each one has a stand-in there.

/** The app's version (apps/web/package.json). */
export const APP_VERSION: string =
  typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-test';
/** This build's id, the one /builds/latest.json names while it is the newest. */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'test';
/** When this build was made (milliseconds since the epoch). */
export const BUILD_TIMESTAMP: number =
  typeof __BUILD_TIMESTAMP__ === 'number' ? __BUILD_TIMESTAMP__ : 0;
