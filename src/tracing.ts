/**
 * Tracing preload: `node --import ./dist/tracing.js dist/main.js` (npm start; npm run dev loads src/ the same way through tsx). It must
 * run before the service's modules load, so that the instrumentations are in place when `pg` and `node:http` are
 * first used. With no OTLP endpoint configured it does nothing and loads nothing: tracing off costs nothing.
 */
import { z } from 'zod';
import { telemetryEnv, tracingConfigured } from './telemetry/config.js';

const env = z
  .object({
    OTEL_EXPORTER_OTLP_ENDPOINT: telemetryEnv.OTEL_EXPORTER_OTLP_ENDPOINT,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: telemetryEnv.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
    OTEL_SERVICE_NAME: telemetryEnv.OTEL_SERVICE_NAME,
    BRAND: z.string().optional(),
  })
  // A bad value is reported by the service's own configuration check, naming the variable; here it means "off".
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));

if (env.success && tracingConfigured(env.data)) {
  const { startTracing } = await import('./telemetry/tracing-sdk.js');
  startTracing({ serviceName: env.data.OTEL_SERVICE_NAME ?? env.data.BRAND ?? 'swapgate' });
}
