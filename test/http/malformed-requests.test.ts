import http from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Writes raw bytes and reads the whole answer (the server closes the connection after a malformed request). */
function raw(url: string, bytes: string): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, body] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    });
  });
}

/** Requests Node cannot parse, and GraphQL requests yoga refuses without a body, still get a coded error and an id. */
describe('malformed requests are answered with a coded error and a request id', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('headers over 16 KiB: 400 INVALID_PARAMS in the envelope (was a bare 400 with no body and no id)', async () => {
    const r = await s.get(`/v1/chains?q=${'a'.repeat(20_000)}`);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: 'INVALID_PARAMS',
      message: expect.stringMatching(/exceed 16384 bytes/),
      requestId: r.headers.get('x-request-id'),
      docsUrl: 'http://localhost:8787/docs/errors/INVALID_PARAMS',
    });
    expect(r.headers.get('x-request-id')).toMatch(UUID);
  });

  it('a HEAD over the header limit gets the same status and id, without a body', async () => {
    const r = await s.request(`/v1/chains?q=${'a'.repeat(20_000)}`, { method: 'HEAD' });
    expect(r.status).toBe(400);
    expect(r.headers.get('x-request-id')).toMatch(UUID);
    expect(r.text).toBe('');
  });

  it('a HEAD over the header limit that arrives in several reads gets no body either (the failing read is not its first)', async () => {
    const { hostname, port } = new URL(s.url);
    const request = `HEAD /v1/chains?q=${'%00'.repeat(15_000)} HTTP/1.1\r\nhost: x\r\n\r\n`;
    const text = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(port), hostname, async () => {
        // One read per write: wait until the server has taken each part before sending the next.
        for (let i = 0; i < request.length && !socket.destroyed; i += 4000) {
          await new Promise<void>((r) => socket.write(request.slice(i, i + 4000), () => r()));
          await new Promise((r) => setImmediate(r));
        }
      });
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/x-request-id: [0-9a-f-]{36}/);
    expect(body).toBe('');
  });

  // A route answered before it read a body (rate limits, auth, an unknown path) lets Node drop the rest of that body
  // afterwards, so the next request's first bytes share a read with the end of the previous body.
  it('a HEAD over the header limit whose first bytes share a read with the end of an earlier, unread body gets no body', async () => {
    const { hostname, port } = new URL(s.url);
    const body = 'x'.repeat(20_000);
    const text = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let rest = false;
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          `POST /v1/no-such-route HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
        ),
      );
      socket.on('data', (c) => {
        chunks.push(c);
        // The 404 (sent without reading the body) is in: the rest of the body and the HEAD go in one write.
        if (!rest && /\r\n\r\n\{.*\}$/s.test(Buffer.concat(chunks).toString('latin1'))) {
          rest = true;
          socket.write(`${body.slice(10)}HEAD /v1/events/evt_x?${'%00'.repeat(7_000)} HTTP/1.1\r\nhost: x\r\n\r\n`);
        }
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    const [first, second] = text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 404 /);
    const [head, rest] = second.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nconnection: close(\r\n|$)/);
    expect(rest).toBe('');
  });

  it('node:http on a keep-alive connection reads that HEAD\'s 400 (was "Parse Error: Data after `Connection: close`")', async () => {
    const { hostname, port } = new URL(s.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body: string) =>
      new Promise<{ status: number; bytes: number; socket: unknown }>((resolve, reject) => {
        const req = http.request({
          host: hostname,
          port,
          method,
          path,
          agent,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          let bytes = 0;
          res.on('data', (d: Buffer) => (bytes += d.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, socket: req.socket }));
        });
        req.end(body);
      });
    try {
      const early = await send('POST', '/v1/no-such-route', 'y'.repeat(300_000));
      expect(early.status).toBe(404);
      const head = await send('HEAD', `/v1/events/evt_x?${'%00'.repeat(7_000)}`, '{}');
      expect(head.socket, 'the keep-alive connection was reused').toBe(early.socket);
      expect(head).toMatchObject({ status: 400, bytes: 0 });
    } finally {
      agent.destroy();
    }
  });

  it('a request rejected behind a pipelined one is answered after it, in order (its 400 went first and the other answer was lost)', async () => {
    const { hostname, port } = new URL(s.url);
    const text = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(port), hostname, () =>
        socket.write(`GET /v1/chains HTTP/1.1\r\nhost: x\r\n\r\nHEAD /v1/chains?q=${'%00'.repeat(7_000)} HTTP/1.1\r\nhost: x\r\n\r\n`),
      );
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    const [first, second] = text.split(/(?=HTTP\/1\.1 400 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    const [head, body] = first.split('\r\n\r\n');
    expect(Buffer.byteLength(body)).toBe(Number(/content-length: (\d+)/i.exec(head)?.[1]));
    expect(JSON.parse(body).chains.length).toBeGreaterThan(0);
    expect(second).toMatch(/^HTTP\/1\.1 400 [\s\S]*\r\nconnection: close\r\n\r\n$/);
  });

  it.each([
    ['an unknown method', 'FOO /v1/health HTTP/1.1\r\nhost: x\r\n\r\n'],
    ['a broken request line', 'GET /v1/health HTTP/9\r\n\r\n'],
    ['a body with two lengths', 'POST /v1/test/echo HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}'],
  ])('%s: 400 INVALID_PARAMS in the envelope', async (_what, bytes) => {
    const r = await raw(s.url, bytes);
    expect(r.status).toBe(400);
    expect(r.headers['x-request-id']).toMatch(UUID);
    expect(r.headers.connection).toBe('close');
    expect(r.body.error).toMatchObject({ code: 'INVALID_PARAMS', requestId: r.headers['x-request-id'] });
  });

  it('/graphql with an Accept it cannot serve: 406 with a GraphQL error carrying code and request id (was an empty body)', async () => {
    const r = await s.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'image/png' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(r.status).toBe(406);
    expect(r.body.errors).toEqual([
      {
        message: expect.stringMatching(/accept application\/graphql-response\+json/),
        extensions: { code: 'INVALID_PARAMS', requestId: r.headers.get('x-request-id') },
      },
    ]);
  });

  it('/graphql with a content-type it cannot read: 415 with a GraphQL error carrying code and request id', async () => {
    const r = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<query/>' });
    expect(r.status).toBe(415);
    expect(r.body.errors).toEqual([
      { message: expect.stringMatching(/Unsupported content-type/), extensions: { code: 'INVALID_PARAMS', requestId: r.headers.get('x-request-id') } },
    ]);
  });
});
