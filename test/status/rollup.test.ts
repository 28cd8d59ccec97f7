import { describe, expect, it } from 'vitest';
import { catalog, rpcChainIds } from '../../src/status/components.js';
import { dayBars, historyStart } from '../../src/status/history.js';
import { probeRequest } from '../../src/status/probe-requests.js';
import { SignalRecorder } from '../../src/status/recorder.js';
import { type Declared, declaredAt, rollUpHours } from '../../src/status/rollup.js';
import { activeAt, type IncidentTimes, transitionProblem } from '../../src/status/state.js';
import { SOLANA_CHAIN_ID, type QuoteRequest } from '../../src/providers/types.js';

const H = Date.parse('2026-11-27T10:00:00.000Z');
const M = 60_000;

describe('incident and maintenance lifecycles', () => {
  it.each<[Parameters<typeof transitionProblem>[0], Parameters<typeof transitionProblem>[1], Parameters<typeof transitionProblem>[2], RegExp | null]>([
    ['incident', 'investigating', 'identified', null],
    ['incident', 'investigating', 'investigating', null],
    ['incident', 'monitoring', 'investigating', null],
    ['incident', 'investigating', 'resolved', null],
    ['incident', 'resolved', 'monitoring', /resolved already/],
    ['incident', 'resolved', 'resolved', /resolved already/],
    ['incident', 'investigating', 'in_progress', /not a status of an incident/],
    ['maintenance', 'scheduled', 'in_progress', null],
    ['maintenance', 'scheduled', 'scheduled', null],
    ['maintenance', 'scheduled', 'completed', null],
    ['maintenance', 'in_progress', 'completed', null],
    ['maintenance', 'in_progress', 'scheduled', /cannot go back/],
    ['maintenance', 'completed', 'in_progress', /completed already/],
    ['maintenance', 'scheduled', 'resolved', /not a status of a maintenance/],
  ])('%s: %s → %s', (kind, from, to, problem) => {
    const p = transitionProblem(kind, from, to);
    if (problem) expect(p).toMatch(problem);
    else expect(p).toBeNull();
  });

  const maint = (o: Partial<IncidentTimes>): IncidentTimes => ({
    kind: 'maintenance',
    status: 'scheduled',
    scheduledStartAt: H,
    scheduledEndAt: H + 60 * M,
    startedAt: null,
    endedAt: null,
    ...o,
  });
  it.each<[string, IncidentTimes, number, boolean]>([
    [
      'an incident, once posted',
      { kind: 'incident', status: 'investigating', scheduledStartAt: null, scheduledEndAt: null, startedAt: H, endedAt: null },
      H,
      true,
    ],
    [
      'an incident, before it was posted',
      { kind: 'incident', status: 'investigating', scheduledStartAt: null, scheduledEndAt: null, startedAt: H, endedAt: null },
      H - 1,
      false,
    ],
    [
      'an incident, once resolved',
      { kind: 'incident', status: 'resolved', scheduledStartAt: null, scheduledEndAt: null, startedAt: H, endedAt: H + M },
      H + M,
      false,
    ],
    ['a scheduled maintenance before its window', maint({}), H - 1, false],
    ['a scheduled maintenance in its window', maint({}), H + 30 * M, true],
    ['a scheduled maintenance after its window (never started)', maint({}), H + 60 * M, false],
    ['a maintenance started early', maint({ status: 'in_progress', startedAt: H - 10 * M }), H - 5 * M, true],
    ['a maintenance overrunning its window', maint({ status: 'in_progress', startedAt: H }), H + 90 * M, true],
    ['a maintenance completed early', maint({ status: 'completed', startedAt: H, endedAt: H + 20 * M }), H + 30 * M, false],
    ['a maintenance started late: in its window before it started', maint({ status: 'in_progress', startedAt: H + 10 * M }), H + 5 * M, true],
  ])('%s', (_name, i, t, active) => {
    expect(activeAt(i, t)).toBe(active);
  });
});

describe('minutes → hourly roll-ups', () => {
  const ok = { total: 10, failed: 0, timeouts: 0, slow: 0, lagMs: 0 };
  const down = { total: 10, failed: 10, timeouts: 0, slow: 0, lagMs: 0 };
  const incident = (o: Partial<Declared>): Declared => ({
    kind: 'incident',
    status: 'investigating',
    scheduledStartAt: null,
    scheduledEndAt: null,
    startedAt: H + 30 * M,
    endedAt: H + 40 * M,
    components: [{ id: 'provider:lifi', impact: 'partial_outage' }],
    ...o,
  });

  it('counts each minute by its state; minutes without signals are no data', () => {
    const minutes = [
      ...Array.from({ length: 50 }, (_, i) => ({ component: 'provider:lifi', minute: H + i * M, signals: ok })),
      { component: 'provider:lifi', minute: H + 50 * M, signals: down },
      { component: 'api', minute: H + 5 * M, signals: ok },
    ];
    const rows = rollUpHours([H, H + 60 * M], minutes, []);
    expect(rows).toEqual([
      { component: 'api', hour: H, counts: { operational: 1, degraded: 0, partial: 0, major: 0, maintenance: 0, noData: 59 } },
      { component: 'provider:lifi', hour: H, counts: { operational: 50, degraded: 0, partial: 0, major: 1, maintenance: 0, noData: 9 } },
    ]);
  });

  it('applies declared impacts (worse than the signals only) and maintenance, and is the same when run again', () => {
    const minutes = Array.from({ length: 60 }, (_, i) => ({ component: 'provider:lifi', minute: H + i * M, signals: i === 35 ? down : ok }));
    const declared = [
      incident({}),
      incident({
        kind: 'maintenance',
        status: 'scheduled',
        scheduledStartAt: H + 50 * M,
        scheduledEndAt: H + 55 * M,
        startedAt: null,
        endedAt: null,
        components: [
          { id: 'provider:lifi', impact: 'under_maintenance' },
          { id: 'rpc:8453', impact: 'under_maintenance' },
        ],
      }),
    ];
    const rows = rollUpHours([H], minutes, declared);
    expect(rows).toEqual([
      { component: 'provider:lifi', hour: H, counts: { operational: 45, degraded: 0, partial: 9, major: 1, maintenance: 5, noData: 0 } },
      { component: 'rpc:8453', hour: H, counts: { operational: 0, degraded: 0, partial: 0, major: 0, maintenance: 5, noData: 55 } },
    ]);
    expect(rollUpHours([H], minutes, declared)).toEqual(rows);
  });

  it('the worst impact of overlapping incidents; maintenance wins over both', () => {
    const declared = [incident({}), incident({ components: [{ id: 'provider:lifi', impact: 'major_outage' }], startedAt: H + 35 * M })];
    expect(declaredAt(declared, 'provider:lifi', H + 32 * M)).toEqual({ impact: 'partial_outage', maintenance: false });
    expect(declaredAt(declared, 'provider:lifi', H + 36 * M)).toEqual({ impact: 'major_outage', maintenance: false });
    expect(declaredAt(declared, 'api', H + 36 * M)).toEqual({ impact: null, maintenance: false });
  });
});

describe('day bars', () => {
  const now = Date.parse('2026-11-27T15:00:00.000Z');
  it('90 UTC days ending today; days without counts are missing', () => {
    const { days, uptime } = dayBars(
      new Map([
        ['2026-11-27', { operational: 600, degraded: 0, partial: 0, major: 0, maintenance: 0, noData: 0 }],
        ['2026-11-26', { operational: 1380, degraded: 0, partial: 0, major: 60, maintenance: 0, noData: 0 }],
      ]),
      now,
    );
    expect(days).toHaveLength(90);
    expect(days[0]).toEqual({ day: '2026-08-30', status: null, uptime: null });
    expect(new Date(historyStart(now)).toISOString()).toBe('2026-08-30T00:00:00.000Z');
    expect(days.at(-2)).toEqual({ day: '2026-11-26', status: 'degraded_performance', uptime: 95.83 });
    expect(days.at(-1)).toEqual({ day: '2026-11-27', status: 'operational', uptime: 100 });
    expect(uptime).toBe(97.05);
    expect(dayBars(undefined, now).uptime).toBeNull();
  });
});

describe('the signal recorder', () => {
  it('counts API responses per minute (5xx but 502/504 failed) and other observations by outcome and latency', () => {
    let t = H + 10_000;
    const r = new SignalRecorder(() => t, 1_000);
    for (const status of [200, 404, 500, 502, 503, 504]) r.response(status);
    r.observe('provider:lifi', 'ok', 20);
    r.observe('provider:lifi', 'ok', 1_500);
    r.observe('provider:lifi', 'timeout', 8_000);
    r.observe('webhooks', 'ok', undefined, 65_000.4);
    t += M;
    r.response(200);
    const taken = r.take().sort((a, b) => a.component.localeCompare(b.component) || a.minute - b.minute);
    expect(taken).toEqual([
      { component: 'api', minute: H, signals: { total: 6, failed: 2, timeouts: 0, slow: 0, lagMs: 0 } },
      { component: 'api', minute: H + M, signals: { total: 1, failed: 0, timeouts: 0, slow: 0, lagMs: 0 } },
      { component: 'provider:lifi', minute: H, signals: { total: 3, failed: 0, timeouts: 1, slow: 1, lagMs: 0 } },
      { component: 'webhooks', minute: H, signals: { total: 1, failed: 0, timeouts: 0, slow: 0, lagMs: 65_000 } },
    ]);
    expect(r.take()).toEqual([]);
    r.restore(taken);
    r.observe('provider:lifi', 'failed');
    const again = r.take().find((m) => m.component === 'provider:lifi' && m.minute === H + M);
    expect(again?.signals).toEqual({ total: 1, failed: 1, timeouts: 0, slow: 0, lagMs: 0 });
  });
});

describe('components and probes', () => {
  it('one component per provider loaded and per chain RPC in use, in page order', () => {
    const list = catalog({
      providers: ['relay', 'lifi'],
      rpcChains: [
        { chainId: 8453, name: 'Base' },
        { chainId: 1, name: 'Ethereum' },
        { chainId: 42161, name: 'Arbitrum One' },
      ],
    });
    expect(list.map((c) => [c.id, c.name, c.group])).toEqual([
      ['api', 'API', 'api'],
      ['provider:relay', 'Relay', 'providers'],
      ['provider:lifi', 'LI.FI', 'providers'],
      ['rpc:42161', 'Arbitrum One RPC', 'rpc'],
      ['rpc:8453', 'Base RPC', 'rpc'],
      ['rpc:1', 'Ethereum RPC', 'rpc'],
      ['webhooks', 'Webhook delivery', 'webhooks'],
    ]);
  });

  it.each<[string, Parameters<typeof rpcChainIds>[0], number[]]>([
    ['configured and used chains by default', { listed: undefined, configured: [8453], inUse: [1, 8453] }, [1, 8453]],
    ['STATUS_RPC_CHAINS decides when set', { listed: ['8453', String(SOLANA_CHAIN_ID)], configured: [1], inUse: [10] }, [8453, SOLANA_CHAIN_ID]],
    ['none', { listed: ['none'], configured: [1], inUse: [10] }, []],
  ])('RPC components: %s', (_name, o, ids) => {
    expect(rpcChainIds(o)).toEqual(ids);
  });

  it('a probe quote on the first route the provider serves; none when it serves none', () => {
    const serves = (pred: (r: Pick<QuoteRequest, 'src' | 'dst'>) => boolean) => ({ supportsRoute: pred });
    const evm = probeRequest(serves((r) => r.src.chainId === r.dst.chainId && r.src.chainId !== SOLANA_CHAIN_ID));
    expect(evm).toMatchObject({ src: { chainId: 8453, symbol: 'USDC' }, dst: { chainId: 8453, symbol: 'ETH' }, srcVm: 'evm', amount: 10_000_000n });
    const solana = probeRequest(serves((r) => r.src.chainId === SOLANA_CHAIN_ID && r.dst.chainId === SOLANA_CHAIN_ID));
    expect(solana).toMatchObject({ src: { symbol: 'USDC' }, dst: { symbol: 'SOL' }, srcVm: 'svm', dstVm: 'svm' });
    const bridge = probeRequest(serves((r) => r.src.chainId !== r.dst.chainId));
    expect(bridge).toMatchObject({ src: { chainId: 8453 }, dst: { chainId: 42161, symbol: 'USDC' } });
    expect(probeRequest(serves(() => false))).toBeNull();
  });
});
