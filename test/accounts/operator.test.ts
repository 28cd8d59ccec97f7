import { describe, expect, it } from 'vitest';
import { accountSearch, adminAccountView, suspendChange } from '../../src/accounts/operator.js';

/** The operator's account rules, without I/O: what a suspension changes, the search, the view (never a reason when not suspended). */
const row = (o: Partial<Parameters<typeof adminAccountView>[0]> = {}) => ({
  id: 'acct_1',
  name: 'Acme',
  liveEnabled: false,
  rateLimitMultiplier: null,
  suspendedAt: null,
  suspendedReason: null,
  createdAt: new Date('2030-01-01T00:00:00Z'),
  ...o,
});
const now = new Date('2030-02-01T00:00:00Z');
const earlier = new Date('2030-01-15T00:00:00Z');

describe('suspendChange', () => {
  it.each([
    ['not suspended: suspended now with the reason', row(), 'fraud', { suspendedAt: now, suspendedReason: 'fraud' }],
    [
      'suspended, another reason: the first time stays, the reason is the new one',
      row({ suspendedAt: earlier, suspendedReason: 'fraud' }),
      'fees',
      { suspendedAt: earlier, suspendedReason: 'fees' },
    ],
    ['suspended with the same reason: nothing to write', row({ suspendedAt: earlier, suspendedReason: 'fraud' }), 'fraud', null],
  ])('%s', (_name, r, reason, expected) => {
    expect(suspendChange(r, reason, now)).toEqual(expected);
  });
});

describe('accountSearch', () => {
  it('nothing given: every account', () => expect(accountSearch(undefined)).toEqual({}));
  it('a checksummed EVM address also matches the lower-case stored form; a lower-case query needs no second form', () => {
    const q = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    const or = (accountSearch(q) as { OR: unknown[] }).OR;
    expect(or).toContainEqual({ members: { some: { address: { contains: q.toLowerCase() } } } });
    expect(or).toContainEqual({ members: { some: { address: { contains: q } } } });
    expect((accountSearch(q.toLowerCase()) as { OR: unknown[] }).OR).toHaveLength(4);
  });
  it('the id exactly, a name part in any case, a key prefix from its start', () => {
    const or = (accountSearch('swapgate_live_Q7rT') as { OR: unknown[] }).OR;
    expect(or).toContainEqual({ id: 'swapgate_live_Q7rT' });
    expect(or).toContainEqual({ name: { contains: 'swapgate_live_Q7rT', mode: 'insensitive' } });
    expect(or).toContainEqual({ apiKeys: { some: { prefix: { startsWith: 'swapgate_live_Q7rT' } } } });
  });
});

describe('adminAccountView', () => {
  it('a suspension only while suspended, with its time and reason', () => {
    expect(adminAccountView(row()).suspension).toBeNull();
    expect(adminAccountView(row({ suspendedAt: earlier, suspendedReason: 'fraud' })).suspension).toEqual({
      suspendedAt: earlier.toISOString(),
      reason: 'fraud',
    });
  });
});
