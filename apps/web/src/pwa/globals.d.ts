// Replaced at build time (vite.config.ts `define`).
declare const __BUILD_ID__: string;
declare const __BUILD_TIMESTAMP__: number;
declare const __APP_VERSION__: string;
