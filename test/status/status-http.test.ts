import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { STATUS_PROBE_JOB, STATUS_ROLLUP_JOB } from '../../src/status/jobs.js';
import { ADMIN_ENV, adminHeaders } from '../helpers/admin.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startKyberFixture, type KyberFixture } from '../fixtures/kyberswap-server.js';
import { EvmRpcServer } from '../fixtures/evm-rpc-server.js';

/**
 * The platform status end to end, on one server whose clock the test moves: the real KyberSwap adapter against its
 * fixture (switched to 500s and back), a Base RPC fixture (switched down and back), the probe job's run, the roll-up,
 * incidents and maintenance through the admin API, GET /v1/status, the /status page and GraphQL `platformStatus`.
 */

const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const DEAD = 'http://127.0.0.1:9';
const START = Date.parse('2026-11-27T10:00:10.000Z');

type Json = Record<string, any>;

describe('platform status', () => {
  let s: TestServer;
  let ks: KyberFixture;
  const rpc = new EvmRpcServer(8453);
  const clock = new ManualClock(START);

  beforeAll(async () => {
    [ks] = await Promise.all([startKyberFixture({ clientId: 'swapgate-status' }), rpc.start()]);
    s = await startTestServer({
      clock,
      env: {
        ...ADMIN_ENV,
        JOBS_ENABLED: '0',
        PROVIDERS: 'kyberswap',
        KYBERSWAP_API_URL: ks.url,
        KYBERSWAP_CLIENT_ID: 'swapgate-status',
        FEE_RECIPIENT_EVM: '0x1111111111111111111111111111111111111111',
        PROVIDER_TIMEOUT_MS: '2000',
        RPC_URL_8453: rpc.url,
        DEFILLAMA_API_URL: DEAD,
        PRICE_TIMEOUT_MS: '300',
        TOKEN_LIST_TIMEOUT_MS: '300',
        STATUS_PROBE_INTERVAL_MS: '60000',
        STATUS_ROLLUP_INTERVAL_MS: '300000',
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await Promise.all([ks?.close(), rpc.close()]);
  });

  /** The status a client sees now: past the instance's 5-second cache first. */
  const status = async (): Promise<Json> => {
    clock.advance(6_000);
    const r = await s.get('/v1/status');
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=5');
    return r.body;
  };
  const component = (body: Json, id: string) => body.components.find((c: Json) => c.id === id);
  const quote = () =>
    s.get(
      `/v1/quote?${new URLSearchParams({ srcChain: 'base', srcToken: 'USDC', amount: '25000000', dstChain: 'base', dstToken: 'ETH', sender: SENDER, recipient: SENDER })}`,
    );
  const admin = (path: string, body: unknown) => s.post(path, body, adminHeaders());

  it('probes keep signals fresh; a provider and an RPC failing show an outage, then recover; the day bars come from the roll-up', async () => {
    expect(s.services.jobs.names()).toEqual(expect.arrayContaining([STATUS_PROBE_JOB, STATUS_ROLLUP_JOB]));
    // Nothing called KyberSwap yet: the probe asks it a quote; the RPC is checked; the webhook queue read.
    expect(await s.services.status.probe()).toEqual(['provider:kyberswap', 'rpc:8453', 'webhooks']);
    expect(ks.requests.filter((r) => r.path === '/base/api/v1/routes')).toHaveLength(1);
    // Each target is claimed once per interval, whichever instance asks (here: the same one again).
    expect(await s.services.status.probe()).toEqual([]);

    let body = await status();
    expect(body).toMatchObject({ object: 'platform_status', status: 'operational', windowMinutes: 5 });
    expect(body.components.map((c: Json) => c.id)).toEqual(['api', 'provider:kyberswap', 'rpc:8453', 'webhooks']);
    expect(component(body, 'provider:kyberswap')).toMatchObject({
      name: 'KyberSwap',
      group: 'providers',
      status: 'operational',
      signals: { observations: 1, failed: 0 },
    });
    expect(component(body, 'rpc:8453')).toMatchObject({ name: 'Base RPC', status: 'operational' });
    expect(component(body, 'webhooks')).toMatchObject({ status: 'operational', signals: { lagMs: 0 } });
    expect(component(body, 'api').status).toBe('operational');
    expect(component(body, 'api').days).toHaveLength(90);
    expect(component(body, 'api').days.at(-1)).toEqual({ day: '2026-11-27', status: null, uptime: null });

    // KyberSwap answers 500 to real quote calls; the RPC goes down (seen by the next run of the probe).
    ks.setMode('serverError');
    rpc.mode = 'down';
    for (let i = 0; i < 3; i++) expect((await quote()).status).toBeGreaterThanOrEqual(400);
    clock.advance(60_000);
    expect(await s.services.status.probe()).toEqual(['rpc:8453', 'webhooks']);
    body = await status();
    expect(component(body, 'provider:kyberswap')).toMatchObject({ status: 'major_outage', signals: { observations: 4, failed: 3 } });
    expect(component(body, 'rpc:8453')).toMatchObject({ status: 'major_outage', signals: { observations: 2, failed: 1 } });
    // An upstream's failure is not the API's: a 502 counts against the provider only.
    expect(component(body, 'api').status).toBe('operational');
    expect(body.status).toBe('major_outage');

    // Both recover; past the window, the next probe finds KyberSwap quiet and asks it again.
    ks.setMode('success');
    rpc.mode = 'ok';
    clock.advance(6 * 60_000);
    expect(await s.services.status.probe()).toEqual(['provider:kyberswap', 'rpc:8453', 'webhooks']);
    body = await status();
    expect(component(body, 'provider:kyberswap')).toMatchObject({ status: 'operational', signals: { observations: 1, failed: 0 } });
    expect(component(body, 'rpc:8453').status).toBe('operational');
    expect(body.status).toBe('operational');

    // Minutes → hours: KyberSwap had one bad minute of two, the RPC one of three.
    const first = await s.services.status.rollUp();
    expect(first.rows).toBeGreaterThanOrEqual(4);
    const hours = async () => (await s.db.prisma.statusHourly.findMany({ orderBy: [{ component: 'asc' }, { hour: 'asc' }] })).map((h) => ({ ...h }));
    const rolled = await hours();
    await s.services.status.rollUp();
    expect(await hours()).toEqual(rolled);
    body = await status();
    expect(component(body, 'provider:kyberswap').days.at(-1)).toEqual({ day: '2026-11-27', status: 'major_outage', uptime: 50 });
    expect(component(body, 'rpc:8453').days.at(-1)).toEqual({ day: '2026-11-27', status: 'partial_outage', uptime: 66.66 });
    expect(component(body, 'rpc:8453').days.at(-2)).toEqual({ day: '2026-11-26', status: null, uptime: null });
    expect(component(body, 'provider:kyberswap').uptime).toBe(50);

    const page = await s.get('/status');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('public, max-age=5');
    expect(page.text).toContain('All systems operational');
    expect(page.text.match(/<li class="s-[a-z_]+" title=/g)).toHaveLength(90 * 4);
    expect(page.text).toContain('title="2026-11-27: Major outage, 50 % uptime"');
    expect(page.text).toContain('title="2026-11-26: no data"');
    expect(page.text).not.toMatch(/<script/i);
  });

  it('incidents and maintenance posted through the admin API show on /v1/status and /status, each write audited', async () => {
    const created = await admin('/v1/admin/status/incidents', {
      kind: 'incident',
      title: 'KyberSwap quotes failing',
      message: 'Quotes from <KyberSwap> fail; others still quote.',
      components: [{ id: 'provider:kyberswap', impact: 'partial_outage' }],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ object: 'status_incident', kind: 'incident', status: 'investigating', endedAt: null });
    expect(created.body.components).toEqual([{ id: 'provider:kyberswap', name: 'KyberSwap', impact: 'partial_outage' }]);

    let body = await status();
    expect(body.incidents.map((i: Json) => [i.id, i.status])).toEqual([[id, 'investigating']]);
    // Declared worse than the signals say: the component shows the declaration.
    expect(component(body, 'provider:kyberswap').status).toBe('partial_outage');
    expect(body.status).toBe('partial_outage');
    const page = await s.get('/status');
    expect(page.text).toContain('KyberSwap quotes failing');
    expect(page.text).toContain('Quotes from &lt;KyberSwap&gt; fail');
    expect(page.text).toContain('Partial outage');

    for (const next of ['identified', 'monitoring', 'resolved']) {
      const r = await admin(`/v1/admin/status/incidents/${id}/updates`, { status: next, message: `Now ${next}.` });
      expect(r.status, r.text).toBe(200);
      expect(r.body.status).toBe(next);
    }
    const reopened = await admin(`/v1/admin/status/incidents/${id}/updates`, { status: 'investigating', message: 'Again?' });
    expect(reopened.status).toBe(409);
    expect(reopened.body.error.code).toBe('CONFLICT');
    body = await status();
    expect(body.incidents[0]).toMatchObject({ id, status: 'resolved', endedAt: expect.any(String) });
    expect(body.incidents[0].updates.map((u: Json) => u.status)).toEqual(['resolved', 'monitoring', 'identified', 'investigating']);
    // Resolved: the declaration no longer counts (its signals decide again).
    expect(component(body, 'provider:kyberswap').status).not.toBe('partial_outage');

    const audit = await s.get(`/v1/admin/audit-log?targetType=status_incident&targetId=${id}`, adminHeaders());
    expect(audit.body.data.map((e: Json) => [e.action, e.actor, e.after?.status])).toEqual([
      ['status_incident.update', 'ops', 'resolved'],
      ['status_incident.update', 'ops', 'monitoring'],
      ['status_incident.update', 'ops', 'identified'],
      ['status_incident.create', 'ops', 'investigating'],
    ]);
    expect(audit.body.data[0].before.status).toBe('monitoring');

    // A maintenance under way puts its components under maintenance, whatever their signals.
    const now = clock.now();
    const m = await admin('/v1/admin/status/incidents', {
      kind: 'maintenance',
      status: 'in_progress',
      title: 'Base RPC upgrade',
      message: 'Payments on Base may confirm late.',
      components: [{ id: 'rpc:8453' }],
      scheduledStartAt: new Date(now - 60_000).toISOString(),
      scheduledEndAt: new Date(now + 3_600_000).toISOString(),
    });
    expect(m.status, m.text).toBe(201);
    expect(m.body.components).toEqual([{ id: 'rpc:8453', name: 'Base RPC', impact: 'under_maintenance' }]);
    body = await status();
    expect(component(body, 'rpc:8453').status).toBe('under_maintenance');
    expect(body.status).toBe('under_maintenance');
    expect(body.maintenance.map((x: Json) => x.id)).toEqual([m.body.id]);
    expect((await s.get('/status')).text).toContain('Maintenance in progress');
    const back = await admin(`/v1/admin/status/incidents/${m.body.id}/updates`, { status: 'scheduled', message: 'Back?' });
    expect(back.status).toBe(409);
    expect((await admin(`/v1/admin/status/incidents/${m.body.id}/updates`, { status: 'completed', message: 'Done.' })).status).toBe(200);
    body = await status();
    expect(component(body, 'rpc:8453').status).toBe('operational');

    const list = await s.get('/v1/admin/status/incidents?open=false&limit=1', adminHeaders());
    expect(list.body).toMatchObject({ object: 'list', hasMore: true, data: [{ id: m.body.id }] });
    expect((await s.get(`/v1/admin/status/incidents/${id}`, adminHeaders())).body.id).toBe(id);
    expect((await s.get('/v1/admin/status/incidents/sti_doesnotexist000000', adminHeaders())).status).toBe(404);
  });

  it('refuses bad input with the field named, never a 500', async () => {
    const incident = { kind: 'incident', title: 'T', message: 'M', components: [{ id: 'api', impact: 'major_outage' }] };
    const cases: Array<[unknown, string]> = [
      [{ ...incident, title: 'a\u0000b' }, 'title'],
      [{ ...incident, components: [{ id: 'provider:nope', impact: 'major_outage' }] }, 'components.0.id'],
      [{ ...incident, components: [{ id: 'api' }] }, 'components.0.impact'],
      [
        {
          ...incident,
          components: [
            { id: 'api', impact: 'major_outage' },
            { id: 'api', impact: 'partial_outage' },
          ],
        },
        'components.1.id',
      ],
      [{ ...incident, status: 'in_progress' }, 'status'],
      [{ ...incident, scheduledStartAt: '2026-12-01T00:00:00Z' }, 'scheduledStartAt'],
      [{ ...incident, kind: 'maintenance', components: [] }, 'scheduledStartAt'],
      [
        { ...incident, kind: 'maintenance', components: [], scheduledStartAt: '2026-12-01T02:00:00Z', scheduledEndAt: '2026-12-01T01:00:00Z' },
        'scheduledEndAt',
      ],
      [{ ...incident, kind: 'maintenance', components: [{ id: 'api', impact: 'major_outage' }] }, 'components.0.impact'],
      [{ ...incident, extra: 1 }, 'extra'],
    ];
    for (const [b, field] of cases) {
      const r = await admin('/v1/admin/status/incidents', b);
      expect(r.status, `${field}: ${r.text}`).toBe(400);
      expect(r.body.error.code).toBe('INVALID_PARAMS');
      expect(r.body.error.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
  });

  it('GraphQL: platformStatus is the same answer; operators post and list incidents', async () => {
    const created = await s.post(
      '/graphql',
      {
        query: `mutation($input: AdminCreateStatusIncidentInput!) { adminCreateStatusIncident(input: $input) {
          __typename ... on AdminCreateStatusIncidentPayload { statusIncident { id status components { id impact } } } ... on Error { code message } } }`,
        variables: {
          input: {
            kind: 'incident',
            title: 'Webhooks slow',
            message: 'Deliveries are late.',
            components: [{ id: 'webhooks', impact: 'degraded_performance' }],
          },
        },
      },
      adminHeaders(),
    );
    expect(created.body.errors, created.text).toBeUndefined();
    const incident = created.body.data.adminCreateStatusIncident.statusIncident;
    expect(incident).toMatchObject({ status: 'investigating', components: [{ id: 'webhooks', impact: 'degraded_performance' }] });
    const updated = await s.post(
      '/graphql',
      {
        query: `mutation($input: AdminUpdateStatusIncidentInput!) { adminUpdateStatusIncident(input: $input) {
          __typename ... on AdminUpdateStatusIncidentPayload { statusIncident { status updates { status message } } } ... on Error { code } } }`,
        variables: { input: { id: incident.id, status: 'identified', message: 'A slow endpoint.' } },
      },
      adminHeaders(),
    );
    expect(updated.body.data.adminUpdateStatusIncident.statusIncident.updates[0]).toEqual({ status: 'identified', message: 'A slow endpoint.' });

    clock.advance(6_000);
    const r = await s.post('/graphql', {
      query: `{ platformStatus { status windowMinutes components { id status uptime days { day status uptime } } incidents { id title status } } }`,
    });
    expect(r.body.errors, r.text).toBeUndefined();
    const rest = await s.get('/v1/status');
    const p = r.body.data.platformStatus;
    expect(p.status).toBe(rest.body.status);
    expect(p.components.map((c: Json) => [c.id, c.status, c.uptime, c.days.length])).toEqual(
      rest.body.components.map((c: Json) => [c.id, c.status, c.uptime, c.days.length]),
    );
    expect(p.incidents.find((i: Json) => i.id === incident.id)).toMatchObject({ title: 'Webhooks slow', status: 'identified' });

    const list = await s.post(
      '/graphql',
      { query: '{ adminStatusIncidents(first: 2, filter: { open: true }) { nodes { id } pageInfo { hasNextPage } } }' },
      adminHeaders(),
    );
    expect(list.body.data.adminStatusIncidents).toEqual({ nodes: [{ id: incident.id }], pageInfo: { hasNextPage: false } });
  });

  it('webhook delivery: a due delivery waiting longer than a minute is degraded performance', async () => {
    const { key } = await s.createTestKey();
    expect((await s.post('/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/hook' }, { 'x-api-key': key })).status).toBe(201);
    expect((await s.post('/v1/webhook-endpoints/trigger', { type: 'checkout.session.completed' }, { 'x-api-key': key })).status).toBe(200);
    // No worker runs here (jobs are off): the delivery stays due while the clock moves on.
    clock.advance(2 * 60_000);
    expect(await s.services.status.probe()).toContain('webhooks');
    const body = await status();
    expect(component(body, 'webhooks').status).toBe('degraded_performance');
    expect(component(body, 'webhooks').signals.lagMs).toBeGreaterThanOrEqual(120_000);
  });
});
