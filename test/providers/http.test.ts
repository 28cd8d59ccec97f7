import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { Agent } from 'undici';
import { MAX_RESPONSE_BYTES, providerFetch, providerReason, requestUntilAborted } from '../../src/providers/http.js';
import { ApiError } from '../../src/errors.js';

describe('providerReason', () => {
  it.each([
    ['{"message":"Transaction simulation failed"}', 'Transaction simulation failed'],
    ['{"error":"internal"}', 'internal'],
    ['{"code":5,"msg":"route gone"}', 'route gone'],
    ['{"message":"line1\\nline2\\u0000"}', 'line1 line2'],
    ['not json', undefined],
    ['{"message":42}', undefined],
    ['[1,2]', undefined],
  ])('%s → %s', (text, reason) => {
    expect(providerReason(text)).toBe(reason);
  });
  it('caps long reasons', () => {
    expect(providerReason(JSON.stringify({ message: 'x'.repeat(500) }))).toHaveLength(201);
  });
});

describe('providerFetch on a provider 5xx', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(req.url === '/with-reason' ? 502 : 500, { 'content-type': 'application/json' });
      res.end(req.url === '/with-reason' ? JSON.stringify({ message: 'upstream RPC unavailable' }) : '<html>oops</html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is a PROVIDER_ERROR that carries the provider reason when it gives one', async () => {
    const err = await providerFetch(url, '/with-reason', { provider: 'jupiter', signal: AbortSignal.timeout(5000) }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('PROVIDER_ERROR');
    expect(err.message).toBe('jupiter answered HTTP 502: upstream RPC unavailable');
    const plain = await providerFetch(url, '/plain', { provider: 'jupiter', signal: AbortSignal.timeout(5000) }).catch((e) => e);
    expect(plain.message).toBe('jupiter answered HTTP 500');
  });
});

describe('providerFetch transport', () => {
  let server: Server;
  let url: string;
  const seen: { method?: string; body: string; headers: Record<string, unknown>; url?: string }[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      let body = '';
      for await (const c of req) body += c;
      seen.push({ method: req.method, body, headers: req.headers, url: req.url });
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/elsewhere' });
        return res.end();
      }
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 2_000);
      const json = Buffer.from(JSON.stringify({ ok: true, encoded: req.url }));
      if (req.url === '/gzip') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(json));
      if (req.url === '/br') return res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(json));
      if (req.url === '/deflate-then-gzip') return res.writeHead(200, { 'content-encoding': 'deflate, gzip' }).end(gzipSync(deflateSync(json)));
      if (req.url === '/zstd-claimed') return res.writeHead(200, { 'content-encoding': 'compress' }).end(json);
      if (req.url === '/limited-gzip') return res.writeHead(429, { 'content-encoding': 'gzip' }).end('garbage');
      if (req.url === '/bad-gzip') return res.writeHead(200, { 'content-encoding': 'gzip' }).end('not gzip at all');
      // 40 MiB of JSON whitespace in ~40 KiB: a decompression bomb.
      if (req.url === '/bomb')
        return res
          .writeHead(200, { 'content-encoding': 'gzip' })
          .end(gzipSync(Buffer.concat([Buffer.from('{"a":1'), Buffer.alloc(40 * 2 ** 20, 0x20), Buffer.from('}')])));
      if (req.url === '/huge') return res.writeHead(200, { 'content-type': 'application/json' }).end(Buffer.alloc(MAX_RESPONSE_BYTES + 1024, 0x20));
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        return setTimeout(() => res.destroy(), 20);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it('sends JSON bodies with query parameters and provider headers, and parses the answer', async () => {
    const res = await providerFetch(`${url}/api`, '/quote', {
      provider: 'relay',
      signal: AbortSignal.timeout(5000),
      query: { a: 1, b: undefined },
      headers: { 'x-api-key': 'k', skip: undefined },
      body: { amount: '1' },
    });
    expect(res).toEqual({ status: 200, json: { ok: true } });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', body: '{"amount":"1"}', url: '/api/quote?a=1' });
    expect(last.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json', 'x-api-key': 'k' });
    expect(last.headers).not.toHaveProperty('skip');
  });

  it('asks for compression and undoes gzip, br and stacked codings', async () => {
    const signal = () => AbortSignal.timeout(5000);
    for (const path of ['/gzip', '/br', '/deflate-then-gzip']) {
      expect((await providerFetch(url, path, { provider: 'lifi', signal: signal() })).json, path).toEqual({ ok: true, encoded: path });
    }
    expect(seen.at(-1)!.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(await providerFetch(url, '/zstd-claimed', { provider: 'lifi', signal: signal() }).catch((e) => e)).toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'lifi answered with an unsupported content encoding (compress)',
    });
    expect(await providerFetch(url, '/bad-gzip', { provider: 'lifi', signal: signal() }).catch((e) => e)).toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'lifi answered with a body that does not decompress',
    });
    expect(await providerFetch(url, '/limited-gzip', { provider: 'lifi', signal: signal() }).catch((e) => e)).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('refuses answers over the size limit, compressed (a decompression bomb) or not', async () => {
    const tooLarge = { code: 'PROVIDER_ERROR', message: 'jupiter answered with more than 32 MiB' };
    expect(await providerFetch(url, '/bomb', { provider: 'jupiter', signal: AbortSignal.timeout(10_000) }).catch((e) => e)).toMatchObject(tooLarge);
    expect(await providerFetch(url, '/huge', { provider: 'jupiter', signal: AbortSignal.timeout(10_000) }).catch((e) => e)).toMatchObject(tooLarge);
  });

  it('does not follow redirects', async () => {
    const err = await providerFetch(url, '/moved', { provider: 'lifi', signal: AbortSignal.timeout(5000) }).catch((e) => e);
    expect(err).toMatchObject({ code: 'PROVIDER_ERROR', message: 'lifi answered HTTP 302 (redirects are not followed)' });
    expect(seen.some((s) => s.url === '/elsewhere')).toBe(false);
  });

  it('maps an abort to PROVIDER_TIMEOUT, before or during the call', async () => {
    const during = await providerFetch(url, '/slow', { provider: '0x', signal: AbortSignal.timeout(100) }).catch((e) => e);
    expect(during).toMatchObject({ code: 'PROVIDER_TIMEOUT' });
    const before = await providerFetch(url, '/slow', { provider: '0x', signal: AbortSignal.abort() }).catch((e) => e);
    expect(before).toMatchObject({ code: 'PROVIDER_TIMEOUT' });
  });

  it('maps a cut connection and an unreachable host to PROVIDER_ERROR', async () => {
    const cut = await providerFetch(url, '/cut', { provider: 'kyberswap', signal: AbortSignal.timeout(5000) }).catch((e) => e);
    expect(cut).toMatchObject({ code: 'PROVIDER_ERROR', message: 'kyberswap closed the connection' });
    const dead = await providerFetch('http://127.0.0.1:1', '/x', { provider: 'kyberswap', signal: AbortSignal.timeout(5000) }).catch((e) => e);
    expect(dead).toMatchObject({ code: 'PROVIDER_ERROR', message: 'kyberswap could not be reached' });
  });
});

// undici's `request` settles an abort only once its connection attempt ends (nodejs/undici#386): a provider or node
// whose name never resolves or whose address never answers held calls (job runs, a shutdown) for the agent's connect
// timeout, whatever their own deadline. Here the connection never comes at all.
describe('requestUntilAborted', () => {
  const neverConnects = new Agent({ connect: () => {} });
  afterAll(() => neverConnects.destroy().catch(() => {}));

  it('rejects at the abort while the connection is still being made', async () => {
    const signal = AbortSignal.timeout(100);
    await expect(requestUntilAborted('http://203.0.113.1/', { dispatcher: neverConnects, signal })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(signal.aborted).toBe(true);
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(requestUntilAborted('http://203.0.113.1/', { dispatcher: neverConnects, signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
