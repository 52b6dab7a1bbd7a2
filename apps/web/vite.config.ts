import { randomUUID } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Emits /builds/latest.json ({ id, timestamp }) and /builds/meta/{id}.json, which the app
 * polls to notice a newer build (spec §4, §7) and the server reports in /api/health.
 */
function buildManifest(): Plugin {
  const id = randomUUID();
  const timestamp = Date.now();
  return {
    name: 'jammy-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id, timestamp }),
      });
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${id}.json`,
        source: JSON.stringify({ id, timestamp, matcher: {}, prerendered: [] }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildManifest()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
});
