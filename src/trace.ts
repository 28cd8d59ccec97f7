import { type Attributes, type ProxyTracerProvider, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';

/**
 * Manual spans, for what auto-instrumentation cannot see (docs/operations.md, "Traces"): the request span
 * (src/http/server.ts), each provider quote call, the quote store's write, each database transaction, each job run
 * and each webhook attempt. A span is a child of whatever span is active where it starts (AsyncLocalStorage).
 *
 * Tracing is on only when a tracer provider is registered (src/tracing.ts, when OTEL_EXPORTER_OTLP_ENDPOINT is set;
 * tests register one with an in-memory exporter). Off, `activeTracer()` is undefined and nothing here makes a span,
 * an attribute object or a context: the call runs as if this module were not there.
 */

const TRACER = 'swapgate';

/** The registered provider's tracer, or undefined when tracing is off (asked each time: a test may register one and unregister it). */
export function activeTracer(): Tracer | undefined {
  return (trace.getTracerProvider() as ProxyTracerProvider).getDelegateTracer(TRACER);
}

/**
 * Runs `fn` inside a span named `name`, a child of the active span. The span ends when `fn` settles; a throw marks it
 * as an error. `attributes` is a function so that nothing is built while tracing is off.
 */
export function inSpan<T>(name: string, attributes: (() => Attributes) | undefined, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  const tracer = activeTracer();
  if (!tracer) return fn(undefined);
  return tracer.startActiveSpan(name, { attributes: attributes?.() }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      failed(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Marks a span as failed with the error (its message and, for an ApiError, its code). */
export function failed(span: Span, err: unknown): void {
  const code = typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  if (code) span.setAttribute('error.type', code);
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/** Exports the spans still buffered (at shutdown: the batch processor would otherwise lose its last batch). */
export async function flushTraces(): Promise<void> {
  const provider = (trace.getTracerProvider() as ProxyTracerProvider).getDelegate() as { forceFlush?: () => Promise<void> };
  await provider.forceFlush?.().catch(() => {});
}
