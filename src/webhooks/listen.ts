import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { generateSecret, signDelivery } from './signing.js';
import type { RecordedEvent } from '../events/outbox.js';

/**
 * `listen`: streams the account's test events over the GraphQL `events` subscription (graphql-ws),
 * prints each one and forwards it to a local URL signed with a per-session secret, like Stripe's
 * `listen`. Forwarding is sequential, so the local handler sees events in the order they happened.
 */
export interface ListenOptions {
  apiKey: string;
  forwardTo: string;
  serviceUrl: string;
  events?: string[];
  timeoutMs?: number;
  out?: (line: string) => void;
  err?: (line: string) => void;
  signal?: AbortSignal;
}

export class ListenError extends Error {}

const QUERY = `subscription Listen($types: [String!]) {
  events(types: $types) { id type livemode createdAt resourceId sequence data }
}`;

const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/** Asks the service who the key is; refuses anything but a valid test key. */
async function checkKey(serviceUrl: string, apiKey: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${serviceUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ query: '{ viewer { mode } }' }),
    });
  } catch (e) {
    throw new ListenError(`cannot reach ${serviceUrl}: ${(e as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as {
    data?: { viewer?: { mode: string } };
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  } | null;
  const err = body?.errors?.[0];
  if (err) throw new ListenError(`${err.extensions?.code ?? 'ERROR'}: ${err.message}`);
  if (body?.data?.viewer?.mode !== 'test') throw new ListenError('listen needs a test-mode API key');
}

export async function listen(o: ListenOptions): Promise<void> {
  const out = o.out ?? ((l) => console.log(l));
  const err = o.err ?? ((l) => console.error(l));
  let target: URL;
  try {
    target = new URL(o.forwardTo);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error();
  } catch {
    throw new ListenError('--forward-to must be an http(s) URL');
  }
  const serviceUrl = o.serviceUrl.replace(/\/+$/, '');
  await checkKey(serviceUrl, o.apiKey);
  const secret = generateSecret();
  const timeoutMs = o.timeoutMs ?? 10_000;
  let chain = Promise.resolve();

  const forward = async (e: RecordedEvent) => {
    const body = JSON.stringify({
      id: e.id,
      type: e.type,
      livemode: e.livemode,
      createdAt: e.createdAt,
      resourceId: e.resourceId,
      sequence: e.sequence,
      data: e.data,
    });
    try {
      const res = await fetch(target, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { 'content-type': 'application/json', 'user-agent': 'listen/1', ...signDelivery(e.id, body, [secret]) },
        body,
      });
      await res.arrayBuffer().catch(() => {});
      out(`${stamp()}  <-- [${res.status}] POST ${target.href} [${e.id}]`);
    } catch (x) {
      const cause = (x as { cause?: { code?: string } }).cause?.code ?? (x as Error).name;
      out(`${stamp()}  <-- [ERR] POST ${target.href} [${e.id}] ${cause}`);
    }
  };

  const client: Client = createClient({
    url: `${serviceUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { 'x-api-key': o.apiKey },
    lazy: false,
    retryAttempts: Number.MAX_SAFE_INTEGER,
    shouldRetry: () => true,
    on: {
      connected: () => {},
      closed: () => {
        if (!o.signal?.aborted) err(`${stamp()}  connection lost; reconnecting…`);
      },
    },
  });

  await new Promise<void>((resolve, reject) => {
    let ready = false;
    const announce = () => {
      if (ready) return;
      ready = true;
      out(`Ready! Your webhook signing secret is ${secret} (^C to quit)`);
      out(`Forwarding ${o.events?.length ? o.events.join(', ') : 'all'} events to ${target.href}`);
    };
    client.on('connected', announce);
    const unsubscribe = client.subscribe<{ events: RecordedEvent }>(
      { query: QUERY, variables: { types: o.events?.length ? o.events : null } },
      {
        next: (msg) => {
          if (msg.errors?.length) {
            err(`subscription error: ${msg.errors.map((e) => e.message).join('; ')}`);
            return;
          }
          const e = msg.data?.events;
          if (!e) return;
          out(`${stamp()}  --> ${e.type} [${e.id}]`);
          chain = chain.then(() => forward(e));
        },
        error: (e) => {
          const m = Array.isArray(e) ? e.map((x: { message: string }) => x.message).join('; ') : ((e as Error)?.message ?? String(e));
          reject(new ListenError(`subscription failed: ${m}`));
        },
        complete: () => resolve(),
      },
    );
    o.signal?.addEventListener(
      'abort',
      () => {
        unsubscribe();
        resolve();
      },
      { once: true },
    );
  }).finally(async () => {
    await chain;
    await client.dispose();
  });
}
