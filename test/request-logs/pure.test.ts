import { describe, expect, it } from 'vitest';
import { WriteBuffer, type BufferReport } from '../../src/request-logs/buffer.js';
import { logWhere, statusRange, usageDays } from '../../src/request-logs/filters.js';
import { listRequestLogsSchema, usageQuerySchema } from '../../src/request-logs/input.js';
import { isError, type RollupInput, rollUp, utcDay } from '../../src/request-logs/rollup.js';
import { parseInput } from '../../src/validation.js';
import { waitFor } from '../helpers/wait.js';

const T = Date.UTC(2026, 10, 27, 12);
const DAY = 86_400_000;
const e = (over: Partial<RollupInput> = {}): RollupInput => ({
  accountId: 'acct_a',
  livemode: false,
  at: T,
  route: '/v1/invoices/:id',
  status: 200,
  latencyMs: 10,
  errorCode: null,
  ...over,
});

describe('rollUp: usage rows per account, mode, UTC day, route and status', () => {
  it.each<[string, RollupInput[], Array<Record<string, unknown>>]>([
    ['nothing', [], []],
    ['one', [e()], [{ day: '2026-11-27', count: 1, errorCount: 0, latencySumMs: 10, latencyMaxMs: 10 }]],
    [
      'same key adds up: count, sum, max',
      [e({ latencyMs: 4 }), e({ latencyMs: 30.5 }), e({ latencyMs: 1 })],
      [{ count: 3, errorCount: 0, latencySumMs: 35.5, latencyMaxMs: 30.5 }],
    ],
    [
      'errors: a status of 400 and above, or an error code at 200 (GraphQL)',
      [e({ status: 404, errorCode: 'NOT_FOUND' }), e({ status: 404, errorCode: 'NOT_FOUND' }), e({ status: 200, errorCode: 'INVALID_PARAMS' }), e()],
      [
        { status: 200, count: 2, errorCount: 1 },
        { status: 404, count: 2, errorCount: 2 },
      ],
    ],
    [
      'the UTC day splits at midnight UTC',
      [e({ at: Date.UTC(2026, 10, 27, 23, 59, 59, 999) }), e({ at: Date.UTC(2026, 10, 28, 0, 0, 0, 0) })],
      [
        { day: '2026-11-27', count: 1 },
        { day: '2026-11-28', count: 1 },
      ],
    ],
    [
      'accounts, modes and routes are kept apart',
      [e(), e({ accountId: 'acct_b' }), e({ livemode: true }), e({ route: 'graphql:Q' })],
      [
        { accountId: 'acct_a', livemode: false, route: '/v1/invoices/:id' },
        { accountId: 'acct_a', livemode: false, route: 'graphql:Q' },
        { accountId: 'acct_a', livemode: true, route: '/v1/invoices/:id' },
        { accountId: 'acct_b', livemode: false, route: '/v1/invoices/:id' },
      ],
    ],
  ])('%s', (_name, entries, expected) => {
    const rows = rollUp(entries);
    expect(rows).toHaveLength(expected.length);
    for (const [i, r] of rows.entries()) expect(r).toMatchObject(expected[i]!);
    // Every entry is counted once, whatever the grouping.
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(entries.length);
  });

  it('sorts rows by key whatever the order of the entries (one lock order for every instance)', () => {
    const entries = [e({ accountId: 'acct_z' }), e({ status: 500 }), e({ accountId: 'acct_b', at: T - DAY }), e()];
    expect(rollUp(entries)).toEqual(rollUp([...entries].reverse()));
  });

  it('isError and utcDay', () => {
    expect([isError({ status: 399, errorCode: null }), isError({ status: 400, errorCode: null }), isError({ status: 200, errorCode: 'X' })]).toEqual([
      false,
      true,
      true,
    ]);
    expect(utcDay(Date.UTC(2027, 0, 1, 0, 0, 0, 1))).toBe('2027-01-01');
  });
});

describe('request log filters', () => {
  it.each<[string, { gte: number; lte: number }]>([
    ['404', { gte: 404, lte: 404 }],
    ['200', { gte: 200, lte: 200 }],
    ['4xx', { gte: 400, lte: 499 }],
    ['5xx', { gte: 500, lte: 599 }],
    ['1xx', { gte: 100, lte: 199 }],
  ])('status %s → %j', (filter, range) => expect(statusRange(filter)).toEqual(range));

  it.each(['6xx', '40', '4XX', '4x', 'abc', '0xx', '1000', ''])('status %j is INVALID_PARAMS', (status) => {
    expect(() => parseInput(listRequestLogsSchema, { status })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }));
  });

  it('every given field narrows the search, always within the account and mode', () => {
    const scope = { accountId: 'acct_a', livemode: true };
    expect(logWhere(scope, {})).toEqual({ accountId: 'acct_a', livemode: true });
    expect(
      logWhere(scope, {
        requestId: 'r1',
        route: '/v1/x',
        keyId: 'key_1',
        status: '5xx',
        from: '2026-11-01T00:00:00Z',
        to: '2026-11-02T00:00:00Z',
      }),
    ).toEqual({
      accountId: 'acct_a',
      livemode: true,
      requestId: 'r1',
      route: '/v1/x',
      credentialId: 'key_1',
      status: { gte: 500, lte: 599 },
      createdAt: { gte: new Date('2026-11-01T00:00:00Z'), lt: new Date('2026-11-02T00:00:00Z') },
    });
    expect(logWhere(scope, { to: '2026-11-02T00:00:00Z' }).createdAt).toEqual({ lt: new Date('2026-11-02T00:00:00Z') });
  });

  it.each<[Record<string, string>, string | null]>([
    [{ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, 'from'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ requestId: 'a\u0000b' }, 'requestId'],
    [{ from: '2026-02-30T00:00:00Z' }, 'from'],
    [{ limit: '100', status: '2xx', route: '/v1/quote' }, null],
  ])('%j → %s', (query, field) => {
    if (field === null) expect(() => parseInput(listRequestLogsSchema, query)).not.toThrow();
    else expect(() => parseInput(listRequestLogsSchema, query)).toThrow(expect.objectContaining({ details: expect.objectContaining({ field }) }));
  });

  it.each<[Record<string, string>, { from: string; to: string } | string]>([
    [{}, { from: '2026-10-29', to: '2026-11-27' }],
    [{ to: '2026-11-10' }, { from: '2026-10-12', to: '2026-11-10' }],
    [
      { from: '2026-11-01', to: '2026-11-01' },
      { from: '2026-11-01', to: '2026-11-01' },
    ],
    [
      { from: '2025-10-23', to: '2026-11-26' },
      { from: '2025-10-23', to: '2026-11-26' },
    ],
    [{ from: '2025-10-22', to: '2026-11-26' }, 'from'],
    [{ from: '2026-11-02', to: '2026-11-01' }, 'from'],
    [{ from: '2026-02-30' }, 'from'],
    [{ to: '26-11-01' }, 'to'],
  ])('usage days %j → %j', (query, out) => {
    const run = () => usageDays(parseInput(usageQuerySchema, query), T);
    if (typeof out === 'string') expect(run).toThrow(expect.objectContaining({ details: expect.objectContaining({ field: out }) }));
    else expect(run()).toEqual(out);
  });
});

describe('WriteBuffer: batched, bounded, never blocking', () => {
  const make = (opts: { max?: number; flushAt?: number; fail?: () => boolean } = {}) => {
    const written: number[][] = [];
    const reports: BufferReport[] = [];
    const buffer = new WriteBuffer<number>({
      max: opts.max ?? 1000,
      flushAt: opts.flushAt ?? 100,
      intervalMs: 10,
      maxBackoffMs: 20,
      write: async (batch) => {
        if (opts.fail?.()) throw new Error('database down');
        written.push(batch);
      },
      warn: (r) => reports.push(r),
    });
    return { buffer, written, reports };
  };

  it('writes everything pushed, in batches of at most flushAt, in order', async () => {
    const { buffer, written } = make({ flushAt: 4 });
    for (let i = 0; i < 10; i++) buffer.push(i);
    await buffer.flush();
    expect(written.flat()).toEqual([...Array(10).keys()]);
    expect(Math.max(...written.map((b) => b.length))).toBeLessThanOrEqual(4);
    expect(buffer.written).toBe(10);
  });

  it('flushes on its own after the interval', async () => {
    const { buffer, written } = make();
    buffer.push(1);
    await waitFor(() => written.length === 1, { what: 'the timed flush' });
    expect(written).toEqual([[1]]);
  });

  it('while the database is down: keeps entries for a retry, drops the oldest past max, and says how many', async () => {
    let down = true;
    const { buffer, written, reports } = make({ max: 100, flushAt: 10, fail: () => down });
    for (let i = 0; i < 250; i++) buffer.push(i);
    await buffer.flush();
    expect(written).toEqual([]);
    expect(buffer.pending).toBeLessThanOrEqual(100);
    expect(buffer.droppedTotal).toBe(250 - buffer.pending);
    expect(reports.some((r) => r.err)).toBe(true);
    expect(reports.reduce((n, r) => n + r.dropped, 0)).toBe(buffer.droppedTotal);
    down = false;
    await buffer.flush();
    const kept = written.flat();
    // The newest entries survive, in order, and nothing is written twice.
    expect(kept).toEqual([...Array(250).keys()].slice(250 - kept.length));
    expect(kept.length + buffer.droppedTotal).toBe(250);
  });

  it('close writes what is left and refuses more (counted as dropped)', async () => {
    const { buffer, written } = make();
    buffer.push(1);
    buffer.push(2);
    await buffer.close();
    expect(written.flat()).toEqual([1, 2]);
    buffer.push(3);
    expect(buffer.pending).toBe(0);
    expect(buffer.droppedTotal).toBe(1);
  });

  it('close with the database down reports what is lost', async () => {
    const { buffer, reports } = make({ fail: () => true });
    buffer.push(1);
    await buffer.close();
    expect(buffer.pending).toBe(0);
    expect(reports.at(-1)).toMatchObject({ dropped: 1, droppedTotal: 1 });
  });
});
