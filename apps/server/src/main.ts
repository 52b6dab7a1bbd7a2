import { ConfigError, loadConfig, type Config } from './config';

/**
 * The entry point (dist/main.js): reads the configuration, then starts tracing when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and only then loads the server. Tracing patches the
 * modules it follows (node:http, pg) as they load, so they must not be loaded before it; and
 * without an endpoint its code is never loaded at all. Both are separate files of the build
 * (build.mjs), imported here when needed.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const tracing = config.tracing
    ? await (await import('./observability/tracing')).startTracing()
    : undefined;
  const { startServer } = await import('./server');
  await startServer(config, tracing);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
