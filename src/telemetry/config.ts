import { z } from 'zod';
import type { EnvConfig } from '../env.js';

/**
 * Metrics and traces (docs/operations.md). The OTEL_* keys listed here are the ones this service reads itself; the
 * OpenTelemetry SDK reads the rest of its standard variables (OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …)
 * directly, as its documentation describes.
 */
export const telemetryEnv = {
  /**
   * Serve `/metrics` on this port of its own (no token: reach is the protection), bound to METRICS_HOST. Unset:
   * `/metrics` is served on the main port to an ADMIN_TOKEN bearer, and not at all without ADMIN_TOKEN.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of the metrics port (only with METRICS_PORT): loopback by default, so only the host itself scrapes it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** OTLP endpoint (http/protobuf) of a collector, e.g. `http://otel-collector:4318`; spans go to `<endpoint>/v1/traces`. Unset: no tracing at all. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The same for traces only (a full URL, used as is); either one turns tracing on. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  /** `service.name` of the spans (default: BRAND). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
};

export type TelemetryConfig = EnvConfig<typeof telemetryEnv>;

/** Whether spans are exported: an OTLP endpoint is configured. */
export const tracingConfigured = (c: Pick<TelemetryConfig, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>) =>
  !!(c.OTEL_EXPORTER_OTLP_ENDPOINT || c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
