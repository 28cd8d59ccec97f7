import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFetch, providerReason } from '../../src/providers/http.js';
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
