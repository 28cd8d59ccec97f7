import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, ResponseBodyTooLargeError, TimeoutError } from 'viem';
import { MAX_RPC_RESPONSE_BYTES, rpcFetch } from '../../src/providers/rpc-fetch.js';

/**
 * rpcFetch is the EVM clients' `fetchFn` (src/assets/rpc.ts): viem's HTTP transport over undici's `request`. These
 * run it under viem, as the service does, against a node that misbehaves in each way fetch would have handled.
 */
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server;
let url = '';
const routes = new Map<string, Handler>();
const seen: { path: string; method: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', method: req.method ?? '', headers: req.headers, body });
      (routes.get(req.url ?? '') ?? ((_q, _b, r) => r.writeHead(404).end()))(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const answer = (body: string, result: unknown) => JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(body).id, result });
const client = (path: string, timeout = 2_000) =>
  createPublicClient({ transport: http(`${url}${path}`, { fetchFn: rpcFetch, maxResponseBodySize: false, timeout, retryCount: 0 }) });

describe('rpcFetch under viem', () => {
  it('sends viem’s JSON-RPC body and headers, asks for compression, and reads a gzip answer', async () => {
    routes.set('/gzip', (_req, body, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(answer(body, '0x2105')));
    });
    expect(await client('/gzip').getChainId()).toBe(8453);
    const req = seen.findLast((s) => s.path === '/gzip')!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['accept-encoding']).toContain('gzip');
    // As fetch sent them: some nodes' edges refuse a request without a user agent.
    expect(req.headers['user-agent']).toBe('node');
    expect(req.headers.accept).toBe('*/*');
    expect(JSON.parse(req.body)).toMatchObject({ jsonrpc: '2.0', method: 'eth_chainId' });
  });

  it('passes credentials in the URL on as basic authorization, as viem does with fetch', async () => {
    routes.set('/auth', (_req, body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(answer(body, '0x1')));
    const authed = createPublicClient({ transport: http(`${url.replace('http://', 'http://user:secret@')}/auth`, { fetchFn: rpcFetch, retryCount: 0 }) });
    expect(await authed.getChainId()).toBe(1);
    expect(seen.findLast((s) => s.path === '/auth')!.headers.authorization).toBe(`Basic ${Buffer.from('user:secret').toString('base64')}`);
  });

  it('times out on a node that never answers', async () => {
    routes.set('/hang', () => undefined);
    const started = performance.now();
    await expect(client('/hang', 300).getChainId()).rejects.toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('times out on a node that sends its headers and then stalls the body', async () => {
    routes.set('/stall', (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"jsonrpc":');
    });
    const started = performance.now();
    await expect(client('/stall', 300).getChainId()).rejects.toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses an answer over the cap, plain or compressed, with viem’s own error', async () => {
    const big = `{"jsonrpc":"2.0","id":1,"result":"0x${'0'.repeat(MAX_RPC_RESPONSE_BYTES)}"}`;
    routes.set('/big', (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(big));
    routes.set('/big-gzip', (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(big)));
    for (const path of ['/big', '/big-gzip']) {
      const err = await client(path)
        .getChainId()
        .catch((e: unknown) => e);
      expect(err, path).toBeInstanceOf(ResponseBodyTooLargeError);
    }
  });

  it('keeps the status, the JSON-RPC error and the headers of a failed answer (viem retries on them)', async () => {
    routes.set('/limited', (_req, body, res) =>
      res
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(body).id, error: { code: -32005, message: 'slow down' } })),
    );
    const res = await rpcFetch(`${url}/limited`, {
      method: 'POST',
      body: '{"jsonrpc":"2.0","id":7,"method":"eth_chainId"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(429);
    expect(res.ok).toBe(false);
    expect(res.statusText).toBe('Too Many Requests');
    expect(res.headers.get('Retry-After')).toBe('1');
    expect(JSON.parse(await res.text())).toMatchObject({ error: { message: 'slow down' } });
    await expect(client('/limited').getChainId()).rejects.toThrow(/slow down/);
  });

  it('follows a 307 redirect with the POST body, as fetch does', async () => {
    routes.set('/moved', (_req, _body, res) => res.writeHead(307, { location: `${url}/gzip` }).end());
    expect(await client('/moved').getChainId()).toBe(8453);
  });

  it('reports a refused connection as viem’s HTTP request error', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const refused = createPublicClient({ transport: http(`http://127.0.0.1:${port}`, { fetchFn: rpcFetch, retryCount: 0 }) });
    await expect(refused.getChainId()).rejects.toThrow(/HTTP request failed/);
  });
});
