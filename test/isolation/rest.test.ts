import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes as allRoutes } from '../../src/rest/routes.js';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { createTenants, ghostOf, type Tenant } from './fixtures.js';
import { restTable, type Req } from './rest-table.js';
import { parseInput } from '../../src/validation.js';
import { createSessionSchema } from '../../src/checkout/input.js';

/** Operator routes (`access: 'admin'`) hold no tenant's data by tenant: test/admin/access.test.ts checks every one of them. */
const restRoutes = allRoutes.filter((r) => r.access !== 'admin');

const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('the REST isolation table', () => {
  it('has exactly one row per /v1 route (add a row when you add a route)', () => {
    const routes = restRoutes.map(routeKey).sort();
    expect(Object.keys(restTable).sort()).toEqual(routes);
  });

  it('marks public exactly the routes that take no key, and every key route is checked or argued', () => {
    for (const r of restRoutes) {
      const row = restTable[routeKey(r)]!;
      if (r.access === 'key' || r.access === 'session') expect(row.kind, routeKey(r)).not.toBe('public');
      else expect(row.kind, `${routeKey(r)} is ${r.access}`).toBe('public');
    }
  });
});

describe.each(backends)('tenant isolation over REST (%s)', (backend) => {
  let s: TestServer;
  /** Account A in test mode owns the resources; B is another account; A live is A's other mode. */
  let A: Tenant;
  let B: Tenant;
  let ALive: Tenant;
  let revokedKey: string;
  let deliveriesOfA: number;

  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false' } });
    ({ A, ALive, B, revokedKey } = await createTenants(s));
    deliveriesOfA = (await s.services.events.deliveries(A.auth, A.eventId)).length;
  }, 60_000);
  afterAll(() => s?.close());

  const send = (req: Req, key?: string): Promise<TestResponse> =>
    s.request(req.path, {
      method: req.method,
      headers: { ...(key ? { 'x-api-key': key } : {}), ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}), ...req.headers },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
    });

  /** What a client can tell apart: status, content type and body, minus the request id and the ids it sent. */
  const observable = (r: TestResponse, ids: string[]) => {
    let text = r.text;
    if (r.body?.error?.requestId) text = text.replace(r.body.error.requestId, '<requestId>');
    for (const id of ids) text = text.split(id).join('<id>');
    return { status: r.status, contentType: r.headers.get('content-type'), text };
  };

  const owned = Object.entries(restTable).filter(([, row]) => row.kind === 'owned') as Array<[string, Extract<(typeof restTable)[string], { kind: 'owned' }>]>;
  const lists = Object.entries(restTable).filter(([, row]) => row.kind === 'list') as Array<[string, Extract<(typeof restTable)[string], { kind: 'list' }>]>;

  it.each(owned)('%s: another account and the other mode get exactly what a nonexistent id gets (NOT_FOUND)', async (_name, row) => {
    for (const caller of [B, ALive]) {
      for (const target of [A, ALive === caller ? B : ALive]) {
        if (target === caller) continue;
        const ghost = ghostOf(target);
        const reals = [row.req(target, caller)].flat();
        const nones = [row.req(ghost, caller)].flat();
        for (const [i, req] of reals.entries()) {
          const real = await send(req, caller.key);
          const none = await send(nones[i]!, caller.key);
          expect(real.status, `${caller.name} on ${target.name}'s resource: ${req.method} ${req.path} ${real.text}`).toBe(404);
          expect(real.body.error.code).toBe('NOT_FOUND');
          expect(observable(real, row.idsOf(target))).toEqual(observable(none, row.idsOf(ghost)));
        }
      }
    }
  });

  it.each(lists)("%s: never lists another account's or the other mode's resources", async (_name, row) => {
    for (const [caller, target] of [
      [B, A],
      [ALive, A],
      [A, ALive],
      [A, B],
    ] as const) {
      const r = await send(row.req(caller), caller.key);
      expect(r.status).toBe(200);
      expect(row.contains(r.body ?? r.text, target), `${caller.name} sees ${target.name}'s item`).toBe(false);
    }
    // The check can fail: the owner's own list does hold it.
    const own = await send(row.req(A), A.key);
    expect(row.contains(own.body ?? own.text, A)).toBe(true);
  });

  it("the public session view, read by another tenant's key or without a key, omits reference and metadata", async () => {
    for (const key of [B.key, ALive.key, undefined]) {
      const r = await send({ method: 'GET', path: `/v1/checkout/sessions/${A.sessionId}` }, key);
      expect(r.status).toBe(200);
      expect(r.text).not.toContain('ref-A');
      expect(r.body.reference ?? null).toBeNull();
      expect(r.body.metadata ?? null).toBeNull();
      expect(r.body).not.toHaveProperty('reviews');
    }
    const own = await send({ method: 'GET', path: `/v1/checkout/sessions/${A.sessionId}` }, A.key);
    expect(own.body).toMatchObject({ reference: 'ref-A', metadata: { owner: 'A' } });
  });

  it('the payer-facing session routes answer nothing private either', async () => {
    const quote = await send({
      method: 'POST',
      path: `/v1/checkout/sessions/${A.sessionId}/quote`,
      body: { srcChain: 'base', srcToken: 'USDC', sender: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' },
    });
    expect(quote.text).not.toContain('ref-A');
    expect(quote.text).not.toContain('"owner"');
    // Reporting a transfer answers the public view, whoever reports it (a session of its own: this one changes).
    const other = await s.services.checkout.create(
      A.auth,
      parseInput(createSessionSchema, {
        amount: '1000',
        settleChain: 'base',
        settleToken: 'USDC',
        recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        reference: 'ref-A2',
        metadata: { owner: 'A' },
      }),
    );
    const reported = await send(
      {
        method: 'POST',
        path: `/v1/checkout/sessions/${other.id}/submitted`,
        body: { txHash: `0x${'ef'.repeat(32)}`, payer: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' },
      },
      B.key,
    );
    expect(reported.status, reported.text).toBe(200);
    expect(reported.body.id).toBe(other.id);
    expect(reported.text).not.toContain('ref-A2');
    expect(reported.text).not.toContain('"owner"');
  });

  it('nothing another tenant sent changed the resources of A', async () => {
    const session = await send({ method: 'GET', path: `/v1/checkout/sessions/${A.sessionId}` }, A.key);
    expect(session.body.status).toBe('open');
    const refunds = await send({ method: 'GET', path: `/v1/checkout/sessions/${A.paidSessionId}/refunds` }, A.key);
    expect(refunds.body.data).toEqual([expect.objectContaining({ id: A.refundId, status: 'pending', amount: '1000' })]);
    const endpoint = await send({ method: 'GET', path: `/v1/webhook-endpoints/${A.endpointId}` }, A.key);
    expect(endpoint.body).toMatchObject({ id: A.endpointId, description: 'endpoint of A', previousSecretExpiresAt: null });
    const deliveries = await send({ method: 'GET', path: `/v1/events/${A.eventId}/deliveries` }, A.key);
    // Another tenant's redeliver to A's endpoint added no delivery.
    expect(deliveries.body.data).toHaveLength(deliveriesOfA);
  });

  it('the same requests reach the resource for its owner (so the NOT_FOUND above comes from the tenant check)', async () => {
    // In table order, which ends with the destructive ones (cancel before nothing else needs the refund, DELETE last).
    const order = [...owned].sort(([a], [b]) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')));
    for (const [name, row] of order) {
      for (const req of [row.req(A, A)].flat()) {
        const r = await send(req, A.key);
        if (row.ownerGets) {
          expect([r.status, r.body?.error?.code], `${name} for its owner (${row.ownerGets.why}): ${r.text}`).toEqual([
            row.ownerGets.status,
            row.ownerGets.code,
          ]);
          // Not the tenant check's answer: the owner's message differs from the one another tenant gets.
          const foreign = await send([row.req(A, B)].flat()[0]!, B.key);
          expect(r.body.error.message, name).not.toBe(foreign.body.error.message);
        } else expect(r.status, `${name} for its owner: ${r.text}`).not.toBe(404);
      }
    }
  });

  it('a revoked key gets 401 UNAUTHORIZED on every route that takes a key (or a session: a key is never one)', async () => {
    for (const r of restRoutes.filter((r) => r.access !== 'public')) {
      const path = r.path.replace(/:([a-zA-Z]+)/g, (_m, name: string) => (name === 'refundId' ? A.refundId : name === 'provider' ? 'relay' : A.sessionId));
      const res = await send({ method: r.method, path, body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} }, revokedKey);
      expect(res.status, routeKey(r)).toBe(401);
      expect(res.body.error.code, routeKey(r)).toBe('UNAUTHORIZED');
    }
  });
});
