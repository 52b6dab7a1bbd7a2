import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR } from '../paths';
import { flag, optionalHttpUrl, optionalString, type Variables } from './variables';

const postgresUrl = z
  .string()
  .trim()
  .refine(
    (value) => /^postgres(ql)?:\/\//.test(value),
    'must start with postgres:// or postgresql://',
  );

/** The process: where it listens and keeps its data, its logs, metrics and traces. */
export const processVariables = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(postgresUrl.optional()),
  PUBLIC_URL: optionalHttpUrl,
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag('false'),
  WEB_DIST_DIR: optionalString,
  METRICS_PORT: z.coerce
    .number('must be a port number')
    .int('must be a port number')
    .min(1, 'must be a port from 1 to 65535')
    .max(65535, 'must be a port from 1 to 65535')
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalHttpUrl,
  DOCUMENT_CACHE_MB: z.coerce
    .number('must be a number of megabytes')
    .min(0, 'must be 0 (off) or more')
    .max(65_536, 'must be at most 65536')
    .default(64),
  DRAIN_DELAY_SECONDS: z.coerce
    .number('must be a number of seconds')
    .min(0, 'must be 0 (none) or more')
    .max(60, 'must be at most 60')
    .default(0),
};
type ProcessVariables = Variables<typeof processVariables>;

export interface ProcessPart {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: URL | undefined;
  sessionSecret: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  webDistDir: string;
  /** Where the app is reached; links in mails point here. Defaults to http://localhost:PORT. */
  baseUrl: URL;
  /** Bytes the in-process cache of itinerary documents may hold (0: no cache). */
  documentCacheBytes: number;
  /** Where Prometheus metrics are served (a port of their own, never PORT); unset: none. */
  metricsPort: number | undefined;
  /**
   * From SIGTERM, how long the process reports itself unready while it still answers, before
   * it stops listening and drains: long enough for a proxy's health check to take it out of
   * rotation (lib/drain.ts). 0 without a proxy.
   */
  drainDelayMs: number;
  /**
   * OpenTelemetry traces go to this OTLP endpoint; unset: tracing is not even loaded. The
   * SDK reads its other OTEL_* variables (protocol, headers, sampler, service name) itself.
   */
  tracing: { endpoint: string } | undefined;
}

/** What the process's variables may not be together. */
export function processProblems(values: ProcessVariables): string[] {
  return values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT
    ? ['  METRICS_PORT: must differ from PORT (metrics are never served on the public port)']
    : [];
}

export function processConfigOf(values: ProcessVariables): ProcessPart {
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: values.PUBLIC_URL ? new URL(values.PUBLIC_URL) : undefined,
    sessionSecret: values.SESSION_SECRET,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    baseUrl: new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`),
    documentCacheBytes: Math.round(values.DOCUMENT_CACHE_MB * 1024 * 1024),
    metricsPort: values.METRICS_PORT,
    drainDelayMs: Math.round(values.DRAIN_DELAY_SECONDS * 1000),
    tracing: values.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT }
      : undefined,
  };
}
