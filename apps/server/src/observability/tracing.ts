import { register } from 'node:module';
import { trace } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyRequest } from 'fastify';
import { createAddHookMessageChannel } from 'import-in-the-middle';

/** Tracing as the server uses it once started (main.ts starts it before loading the server). */
export interface Tracing {
  /** Names the request's server span by its route pattern and tags it with the request id. */
  traceRequest(request: FastifyRequest): void;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

/** The request id on a server span: the same id as in the log lines and `x-request-id`. */
export const REQUEST_ID_ATTRIBUTE = 'jammy.request_id';

/**
 * OpenTelemetry traces of this process (OTEL_EXPORTER_OTLP_ENDPOINT is set): a server span per
 * request (node:http), a child span per PostgreSQL query (pg) and per outgoing call (fetch and
 * undici: geocoder, rates, Stripe, Twilio), sent over OTLP/HTTP. The SDK reads its other
 * OTEL_* variables itself: OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf by default, or
 * http/json), OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME (default `jammy`),
 * OTEL_TRACES_SAMPLER. Only traces: metrics are Prometheus's (METRICS_PORT), logs stay lines
 * on stdout.
 *
 * The server is an ES module, and pg is imported by it: the instrumentations see it through
 * import-in-the-middle's loader hook, registered here before the server is loaded, for the
 * modules they instrument only.
 */
export async function startTracing(): Promise<Tracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : 'jammy',
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Probes come every few seconds from every orchestrator: spans of nothing.
        ignoreIncomingRequestHook: (request) => /^\/(livez|readyz)(\?|$)/.test(request.url ?? ''),
      }),
      new PgInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return {
    traceRequest(request) {
      const span = trace.getActiveSpan();
      if (!span) return;
      span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
      const route = request.routeOptions.url;
      if (route) {
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      }
    },
    shutdown: () => sdk.shutdown(),
  };
}
