import { SpanKind } from '@opentelemetry/api';
import { activeTracer, failed } from '../trace.js';

interface AdapterFactory<A extends object> {
  connect(): Promise<A>;
}
interface TransactionLike {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Every method of `target`, bound to it (the adapters keep private state that a proxy as `this` would not reach). */
const bound = <T extends object>(target: T, overrides: Partial<Record<PropertyKey, unknown>>): T =>
  new Proxy(target, {
    get(t, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key];
      const v = Reflect.get(t, key, t);
      return typeof v === 'function' ? v.bind(t) : v;
    },
  });

/**
 * Prisma's driver adapter (Postgres or PGlite) with a span per database transaction, from BEGIN to COMMIT or
 * ROLLBACK, a child of the span active where the transaction started (a request's, a job run's). Applied only when
 * tracing is on at start (src/db/client.ts). On Postgres the pg instrumentation adds each query's own span.
 */
export function tracedAdapter<A extends object, F extends AdapterFactory<A>>(factory: F, system: 'postgresql'): F {
  const connect = async () => {
    const adapter = (await factory.connect()) as A & { startTransaction(...args: unknown[]): Promise<TransactionLike & object> };
    const startTransaction = async (...args: unknown[]) => {
      const tracer = activeTracer();
      if (!tracer) return adapter.startTransaction(...args);
      const span = tracer.startSpan('db transaction', { kind: SpanKind.CLIENT, attributes: { 'db.system.name': system } });
      let tx: TransactionLike & object;
      try {
        tx = await adapter.startTransaction(...args);
      } catch (err) {
        failed(span, err);
        span.end();
        throw err;
      }
      const end = (outcome: 'commit' | 'rollback', run: () => Promise<void>) => async () => {
        span.setAttribute('db.transaction.outcome', outcome);
        try {
          await run();
        } catch (err) {
          failed(span, err);
          throw err;
        } finally {
          span.end();
        }
      };
      return bound(tx, { commit: end('commit', () => tx.commit()), rollback: end('rollback', () => tx.rollback()) });
    };
    return bound(adapter, { startTransaction });
  };
  return bound(factory, { connect });
}
