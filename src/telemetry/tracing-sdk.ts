import { createRequire } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

export interface Tracing {
  /** Exports what is buffered, stops the SDK and unregisters it (tracing is off again in this process). */
  shutdown(): Promise<void>;
}

/**
 * The OpenTelemetry SDK: spans exported over OTLP (http/protobuf) with a batch processor, or to `spanProcessors`
 * (tests: an in-memory exporter). Auto-instrumented: outgoing HTTP of `node:http` (the request span of an incoming
 * request is made by src/http/server.ts itself, with the route template as its name, so incoming requests are not
 * instrumented here), `fetch`/undici through diagnostics_channel (provider and price APIs, RPC), and `pg` queries
 * inside a span (Postgres only; PGlite has no driver to hook). No fs, dns or net instrumentation: they would add a
 * span per file read and socket. The manual spans are listed in src/trace.ts.
 */
export function startTracing(opts: { serviceName: string; spanProcessors?: SpanProcessor[] }): Tracing {
  const instrumentations = [
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    new UndiciInstrumentation(),
    new PgInstrumentation({ requireParentSpan: true }),
  ];
  const sdk = new NodeSDK({
    serviceName: opts.serviceName,
    ...(opts.spanProcessors ? { spanProcessors: opts.spanProcessors } : { traceExporter: new OTLPTraceExporter() }),
    instrumentations,
    // Traces only: no OTLP metrics (Prometheus scrapes /metrics) and no OTLP logs (pino writes JSON lines).
    metricReaders: [],
    logRecordProcessors: [],
    autoDetectResources: false,
  });
  sdk.start();
  // The instrumentations patch a module when it is required; these may have been loaded already (through the ESM
  // loader, or before the SDK started in a test): requiring them once more (the same instances) patches them.
  const require = createRequire(import.meta.url);
  require('node:http');
  require('node:https');
  require('pg');
  return {
    async shutdown() {
      await sdk.shutdown().catch(() => {});
      for (const i of instrumentations) i.disable();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
