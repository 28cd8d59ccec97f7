import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { testEndpointsMayBePrivate } from '../../src/webhooks/config.js';

describe('WEBHOOK_TEST_PRIVATE_HOSTS', () => {
  it('defaults to allowed outside production and refused in production', () => {
    expect(testEndpointsMayBePrivate({ NODE_ENV: 'development' })).toBe(true);
    expect(testEndpointsMayBePrivate({ NODE_ENV: 'test' })).toBe(true);
    expect(testEndpointsMayBePrivate({ NODE_ENV: 'production' })).toBe(false);
    expect(testEndpointsMayBePrivate({ NODE_ENV: 'production', WEBHOOK_TEST_PRIVATE_HOSTS: true })).toBe(true);
    expect(testEndpointsMayBePrivate({ NODE_ENV: 'development', WEBHOOK_TEST_PRIVATE_HOSTS: false })).toBe(false);
  });
});

describe('test-mode endpoints under public-address rules (WEBHOOK_TEST_PRIVATE_HOSTS=0)', () => {
  let s: TestServer;
  let h: Record<string, string>;
  beforeAll(async () => {
    s = await startTestServer({ env: { WEBHOOK_TEST_PRIVATE_HOSTS: '0' } });
    h = { 'x-api-key': (await s.createTestKey()).key };
  });
  afterAll(() => s?.close());

  it.each(['http://127.0.0.1:9/hook', 'http://localhost/hook', 'http://10.0.0.5/hook', 'http://[::1]/hook', 'http://192.168.1.1/hook'])(
    'refuses %s',
    async (url) => {
      const r = await s.post('/v1/webhook-endpoints', { url }, h);
      expect(r.status, r.text).toBe(400);
      expect(r.body.error.code).toBe('INVALID_PARAMS');
      expect(r.body.error.message).toMatch(/^url: /);
    },
  );

  it('still accepts a public address over plain http in test mode', async () => {
    const r = await s.post('/v1/webhook-endpoints', { url: 'http://93.184.216.34/hook' }, h);
    expect(r.status, r.text).toBe(201);
  });
});
