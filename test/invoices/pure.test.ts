import { describe, expect, it } from 'vitest';
import { formatUnits, invoiceTotal } from '../../src/invoices/amounts.js';
import { isOverdue, parseDueAt } from '../../src/invoices/due.js';
import { errorLine, retryDelayMs } from '../../src/mail/retry.js';
import { esc } from '../../src/invoices/emails.js';

describe('amounts', () => {
  it.each([
    ['49000000', 6, '49.00'],
    ['1', 6, '0.000001'],
    ['1234567890', 6, '1,234.56789'],
    ['0', 6, '0.00'],
    ['1500000000000000000', 18, '1.50'],
    ['123', 0, '123'],
    ['100000000000000000000000000000', 6, '100,000,000,000,000,000,000,000.00'],
  ])('formatUnits(%s, %i) = %s', (amount, decimals, out) => expect(formatUnits(amount, decimals)).toBe(out));

  it('totals in bigint, beyond 2^53', () => {
    expect(
      invoiceTotal([
        { description: 'a', quantity: 10000, unitAmount: '9007199254740993' },
        { description: 'b', quantity: 1, unitAmount: '7' },
      ]),
    ).toBe(90071992547409930007n);
  });
});

describe('dueAt', () => {
  it.each([
    ['2026-12-31', '2026-12-31T23:59:59.999Z'],
    ['2028-02-29', '2028-02-29T23:59:59.999Z'],
    ['2026-12-10T12:00:00Z', '2026-12-10T12:00:00.000Z'],
    ['2026-12-10T12:00:00.5+01:30', '2026-12-10T10:30:00.500Z'],
    ['2026-12-10T12:00+00:00', '2026-12-10T12:00:00.000Z'],
    ['9999-12-31', '9999-12-31T23:59:59.999Z'],
  ])('%s → %s', (s, iso) => expect(parseDueAt(s)?.toISOString()).toBe(iso));

  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-12-10T12:00:00',
    '10/12/2026',
    '',
    '2026-12-10 12:00:00Z',
    'tomorrow',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59-14:00',
    '1969-12-31T23:59:59Z',
  ])('refuses %j', (s) => expect(parseDueAt(s)).toBeNull());

  it('overdue only while open and past the due time', () => {
    const due = new Date('2026-12-10T23:59:59.999Z');
    expect(isOverdue(due, 'open', due.getTime() + 1)).toBe(true);
    expect(isOverdue(due, 'open', due.getTime())).toBe(false);
    expect(isOverdue(due, 'paid', due.getTime() + 1)).toBe(false);
    expect(isOverdue(null, 'open', Date.now())).toBe(false);
  });
});

describe('mail retries', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [8, 3_600_000],
    [40, 3_600_000],
  ])('attempt %i waits %i ms (no jitter)', (attempt, ms) => expect(retryDelayMs(attempt, { baseMs: 30_000, maxAttempts: 50, random: () => 0.5 })).toBe(ms));

  it('jitter stays within ±20 %, and the last attempt gives up', () => {
    expect(retryDelayMs(1, { baseMs: 1000, maxAttempts: 5, random: () => 0 })).toBe(800);
    expect(retryDelayMs(1, { baseMs: 1000, maxAttempts: 5, random: () => 1 })).toBe(1200);
    expect(retryDelayMs(5, { baseMs: 1000, maxAttempts: 5 })).toBeNull();
  });

  it('error lines are one bounded line', () => {
    const line = errorLine(Object.assign(new Error(`421 busy\r\n${'x'.repeat(1000)}`), { code: 'ECONNECTION' }));
    expect(line).not.toMatch(/[\r\n]/);
    expect(line.startsWith('ECONNECTION: 421 busy')).toBe(true);
    expect(line.length).toBe(500);
  });
});

describe('email escaping', () => {
  it('escapes every HTML metacharacter', () =>
    expect(esc(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;'));
});

describe('mail job', () => {
  it('runs again at once after a full batch, else after MAIL_POLL_MS (a wake-up mid-run is the job runner’s to remember)', async () => {
    const { mailDeliverJob } = await import('../../src/mail/jobs.js');
    const mail = { claimed: 0, deliverDue: async () => mail.claimed };
    const job = mailDeliverJob({ config: { MAIL_POLL_MS: 5000 }, mail }, 20);
    const signal = new AbortController().signal;
    mail.claimed = 3;
    expect(await job.run(signal)).toBe(5000);
    mail.claimed = 20;
    expect(await job.run(signal)).toBe(0);
    mail.claimed = 0;
    expect(await job.run(signal)).toBe(5000);
  });
});
