/** The app's version (apps/web/package.json). */
export const APP_VERSION: string = __APP_VERSION__;
/** This build's id, the one /builds/latest.json names while it is the newest. */
export const BUILD_ID: string = __BUILD_ID__;
/** When this build was made (milliseconds since the epoch). */
export const BUILD_TIMESTAMP: number = __BUILD_TIMESTAMP__;
