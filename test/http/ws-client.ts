import WebSocket from 'ws';
import { waitFor } from '../helpers/wait.js';

/** A raw graphql-transport-ws connection: every message received, and how it closed. */
export interface RawWs {
  ws: WebSocket;
  messages: any[];
  closed: { code: number; reason: string } | null;
  /** Sends connection_init and waits for connection_ack (or the close). */
  init(payload?: Record<string, unknown>): Promise<void>;
  subscribe(id: string, query: string, variables?: Record<string, unknown>): void;
  /** Waits until the server closes the socket; returns code and reason. */
  waitClosed(timeoutMs?: number): Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export async function rawWs(url: string, headers: Record<string, string> = {}): Promise<RawWs> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
  const r: RawWs = {
    ws,
    messages: [],
    closed: null,
    async init(payload) {
      ws.send(JSON.stringify({ type: 'connection_init', ...(payload ? { payload } : {}) }));
      await waitFor(() => r.closed || r.messages.some((m) => m.type === 'connection_ack'), { what: 'connection_ack or close' });
    },
    subscribe(id, query, variables) {
      ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
    },
    waitClosed: (timeoutMs?: number) => waitFor(() => r.closed, { timeoutMs, what: 'the server to close the WebSocket' }),
    async close() {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
      await waitFor(() => ws.readyState === ws.CLOSED, { what: 'the WebSocket to close' });
    },
  };
  ws.on('message', (d) => r.messages.push(JSON.parse(String(d))));
  ws.on('close', (code, reason) => (r.closed = { code, reason: String(reason) }));
  ws.on('error', () => {});
  await waitFor(() => ws.readyState !== ws.CONNECTING, { what: 'the WebSocket to open' });
  return r;
}
