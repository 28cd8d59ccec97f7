import { randomUUID } from 'node:crypto';
import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { loadConfig } from '../../src/config.js';
import { createApp, type App } from '../../src/app.js';
import type { Infra } from '../../src/infra.js';
import type { Services } from '../../src/services.js';
import type { Clock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { createGraphQLServer } from '../../src/graphql/yoga.js';
import { createGraphQLContext } from '../../src/graphql/context.js';
import { createTestDatabase, type Backend, type TestDatabase } from './db.js';
import { waitFor } from './wait.js';
import { testServiceEnv } from './service-env.js';

interface GqlError {
  message: string;
  path?: Array<string | number>;
  extensions: Record<string, unknown>;
}

interface GqlResult<R> {
  data?: R | null;
  errors?: GqlError[];
  requestId: string | null;
}

type Gql = <R, V>(doc: TypedDocumentNode<R, V>, variables?: V, key?: string) => Promise<GqlResult<R>>;

/**
 * GraphQL without a socket: the request goes to the same yoga instance and the same context creation as
 * src/http/server.ts uses, through `yoga.fetch` in this process. Schema tests use this; tests whose subject is
 * a transport (graphql-ws, SSE, shutdown) use a listening server instead.
 */
export function inProcessGraphQL(target: { services: Services; infra: Infra }) {
  const deps = { ...target.infra, services: target.services };
  const yoga = createGraphQLServer(deps);
  /** A raw request body (`{ query, variables }`), as any client could send it. */
  const post = async (body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; requestId: string; headers: Headers }> => {
    const requestId = randomUUID();
    // The operator's bearer token reaches the context as the HTTP server hands it over.
    const gqlContext = createGraphQLContext(
      deps,
      requestId,
      headers['x-api-key'],
      'in-process',
      headers.authorization ? { authorization: headers.authorization } : {},
    );
    const res = await yoga.fetch(
      new yoga.fetchAPI.Request('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...headers },
        body: JSON.stringify(body),
      }),
      { gqlContext },
    );
    return { status: res.status, body: await res.json(), requestId, headers: res.headers as unknown as Headers };
  };
  /** A typed operation from the generated client (test/graphql/generated), optionally with an API key. */
  const gql: Gql = async (doc, variables, key) => {
    const r = await post({ query: print(doc), variables }, key ? { 'x-api-key': key } : {});
    return { ...r.body, requestId: r.requestId };
  };
  /**
   * A subscription over server-sent events through `yoga.fetch` (still no socket): the results as they come,
   * until `close()` or the server completes the stream.
   */
  const subscribe = <R, V>(doc: TypedDocumentNode<R, V>, variables?: V, key?: string) => {
    const abort = new AbortController();
    const requestId = randomUUID();
    const gqlContext = createGraphQLContext(deps, requestId, key);
    const results: Array<{ data?: R | null; errors?: GqlError[] }> = [];
    let done = false;
    let started!: () => void;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    const ready = new Promise<void>((r) => (started = r));
    // The subscription is started once its LISTEN is in place: watch the pubsub topic it opens.
    const pubsub = gqlContext.pubsub;
    gqlContext.pubsub = Object.create(pubsub, {
      iterate: {
        value: (...args: Parameters<typeof pubsub.iterate>) => {
          const it = pubsub.iterate(...args);
          it.ready.then(started, started);
          return it;
        },
      },
    });
    const pump = (async () => {
      const res = await yoga.fetch(
        new yoga.fetchAPI.Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(key ? { 'x-api-key': key } : {}) },
          body: JSON.stringify({ query: print(doc), variables }),
          signal: abort.signal,
        }),
        { gqlContext },
      );
      reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) return;
          buf += decoder.decode(value, { stream: true });
          for (let cut = buf.indexOf('\n\n'); cut >= 0; cut = buf.indexOf('\n\n')) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('');
            if (/^event: complete/m.test(block)) return;
            if (data) results.push(JSON.parse(data));
            started();
          }
        }
      } catch {
        // closed
      }
    })().finally(() => {
      done = true;
      started();
    });
    return {
      results,
      /** Resolves once the server has started the subscription. */
      ready,
      /** Whether the server completed the stream. */
      get done() {
        return done;
      },
      /** Waits until `n` results have arrived (or the stream ended), bounded by the test's timeout. */
      async take(n: number) {
        await waitFor(() => results.length >= n || done, { intervalMs: 10, what: `${n} subscription results (have ${results.length})` });
        return results.slice(0, n);
      },
      /** Waits for the server to complete the stream, bounded by the test's timeout. */
      async completed() {
        await waitFor(() => done, { intervalMs: 10, what: 'the subscription to complete' });
      },
      async close() {
        abort.abort();
        await reader?.cancel().catch(() => {});
        await pump;
      },
    };
  };
  return { gql, post, subscribe };
}

export interface GraphQLTestApp {
  app: App;
  gql: Gql;
  post: ReturnType<typeof inProcessGraphQL>['post'];
  subscribe: ReturnType<typeof inProcessGraphQL>['subscribe'];
  /** A test-mode key of a fresh account. */
  createTestKey(): Promise<{ accountId: string; key: string }>;
  close(): Promise<void>;
}

/** An App over a fresh database, with nothing listening: GraphQL through `inProcessGraphQL`. */
export async function startGraphQLTestApp(opts: { backend?: Backend; env?: Record<string, string>; clock?: Clock } = {}): Promise<GraphQLTestApp> {
  const database: TestDatabase = await createTestDatabase(opts.backend ?? 'pglite');
  const config = loadConfig({
    ...testServiceEnv(),
    ...database.env,
    ...opts.env,
  });
  const app = await createApp(config, { clock: opts.clock, log: createLogger(config.LOG_LEVEL) });
  return {
    app,
    ...inProcessGraphQL(app),
    async createTestKey() {
      const account = await app.services.accounts.createAccount('Test account');
      const { key } = await app.services.accounts.createKey(account.id, 'test');
      return { accountId: account.id, key };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
