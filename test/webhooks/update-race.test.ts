import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { whileHeld } from '../helpers/held-lock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * An endpoint changed by a request while the delivery job disables it (too many failures, a 410): the request, which
 * read the endpoint before, must not silently undo the job's disable, and two rotations at once keep both secrets
 * in turn. The job's write is held open in a transaction of the test's own until the request waits on the row.
 */
describe.runIf(backends.includes('postgres'))('webhook endpoint changes against the delivery job (postgres)', () => {
  let s: TestServer;
  let h: Record<string, string>;
  beforeAll(async () => {
    s = await startTestServer({ backend: 'postgres', env: { JOBS_ENABLED: 'false' } });
    h = { 'x-api-key': (await s.createTestKey()).key, 'content-type': 'application/json' };
  });
  afterAll(() => s?.close());

  const endpoint = async () => (await s.post('/v1/webhook-endpoints', { url: 'https://example.com/hook', enabledEvents: ['order.*'] }, h)).body;
  const patch = (id: string, body: unknown) => s.request(`/v1/webhook-endpoints/${id}`, { method: 'PATCH', headers: h, body: JSON.stringify(body) });
  const disabledByJob = (id: string): [string, unknown[]] => [
    `UPDATE webhook_endpoints SET disabled = true, disabled_reason = 'the endpoint answered 410 Gone', updated_at = now() WHERE id = $1`,
    [id],
  ];

  it('a re-enable written against the state before the job disabled the endpoint is a conflict, not an undo', async () => {
    const ep = await endpoint();
    const res = await whileHeld(s, disabledByJob(ep.id), () => patch(ep.id, { disabled: false, description: 'form sends every field' }));
    expect([res.status, res.body.error?.code]).toEqual([409, 'CONFLICT']);
    expect((await s.get(`/v1/webhook-endpoints/${ep.id}`, h)).body).toMatchObject({
      disabled: true,
      disabledReason: 'the endpoint answered 410 Gone',
      description: null,
    });
  });

  it('a disable meeting the job disabling the endpoint keeps the job’s reason', async () => {
    const ep = await endpoint();
    const res = await whileHeld(s, disabledByJob(ep.id), () => patch(ep.id, { disabled: true }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ disabled: true, disabledReason: 'the endpoint answered 410 Gone' });
  });

  it('a change that does not touch `disabled` goes through', async () => {
    const ep = await endpoint();
    const res = await whileHeld(s, disabledByJob(ep.id), () => patch(ep.id, { description: 'renamed' }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ disabled: true, disabledReason: 'the endpoint answered 410 Gone', description: 'renamed' });
  });

  it('asking for the state the endpoint is already in changes nothing: the failure clock and the reason stay', async () => {
    const ep = await endpoint();
    const since = new Date(Date.now() - 3600_000);
    await s.infra.prisma.webhookEndpoint.update({ where: { id: ep.id }, data: { failingSince: since } });
    const res = await patch(ep.id, { disabled: false, description: 'a form that sends every field' });
    expect(res.status, res.text).toBe(200);
    expect((await s.infra.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } })).failingSince).toEqual(since);
    // Re-enabling a disabled one does start clean.
    await s.infra.prisma.webhookEndpoint.update({ where: { id: ep.id }, data: { disabled: true, disabledReason: 'the endpoint answered 410 Gone' } });
    expect((await patch(ep.id, { disabled: false })).body).toMatchObject({ disabled: false, disabledReason: null });
    expect((await s.infra.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } })).failingSince).toBeNull();
  });

  it('two rotations at once: the second keeps the first one’s new secret as the previous one', async () => {
    const ep = await endpoint();
    const created = (await s.get(`/v1/webhook-endpoints/${ep.id}`, h)).body;
    const rotate = () => s.post(`/v1/webhook-endpoints/${ep.id}/rotate-secret`, {}, h);
    const first = await whileHeld(s, [`UPDATE webhook_endpoints SET updated_at = now() WHERE id = $1`, [ep.id]], () => Promise.all([rotate(), rotate()]));
    const secrets = first.map((r) => r.body.secret as string);
    expect(new Set(secrets).size).toBe(2);
    const row = await s.infra.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } });
    // One rotation replaced the original; the other replaced that one's secret (never the original twice).
    expect(secrets).toContain(row.secret);
    expect(secrets).toContain(row.previousSecret);
    expect(created.secret ?? ep.secret).not.toBe(row.previousSecret);
  });
});
