import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  feeOf,
  fillPostings,
  formatMicros,
  LEDGER_ACCOUNT,
  parseMicros,
  partnerPayable,
  reversePostings,
  sumsByCurrency,
  UNATTRIBUTED_PARTNER,
  usdMicros,
} from '../../src/ledger/postings.js';

describe('feeOf: floor(amount × bps / 10000)', () => {
  it.each<[bigint, number, bigint]>([
    [1_000_000n, 30, 3_000n],
    [1_000_000n, 0, 0n],
    [333n, 30, 0n], // 0.999 of a base unit: nothing
    [334n, 30, 1n], // 1.002: one
    [9_999n, 1, 0n],
    [10_000n, 1, 1n],
    [10n ** 18n, 10_000, 10n ** 18n],
    [(1n << 256n) - 1n, 25, (((1n << 256n) - 1n) * 25n) / 10_000n],
  ])('%s at %s bps → %s', (amount, bps, fee) => {
    expect(feeOf(amount, bps)).toBe(fee);
  });

  it.each<[bigint, number]>([
    [-1n, 30],
    [1n, -1],
    [1n, 10_001],
    [1n, 1.5],
  ])('refuses %s at %s bps', (amount, bps) => {
    expect(() => feeOf(amount, bps)).toThrow(RangeError);
  });
});

describe('fillPostings: one transaction per fee leg above zero', () => {
  it('service and partner fee, each payer_volume → its account, the order partner on every posting', () => {
    expect(fillPostings({ amount: 25_000_000n, ourFeeBps: 20, partnerFeeBps: 10, partnerId: 'acme' })).toEqual([
      {
        leg: 'service_fee',
        fee: 50_000n,
        postings: [
          { account: 'payer_volume', partnerId: 'acme', amount: -50_000n },
          { account: 'service_revenue', partnerId: 'acme', amount: 50_000n },
        ],
      },
      {
        leg: 'partner_fee',
        fee: 25_000n,
        postings: [
          { account: 'payer_volume', partnerId: 'acme', amount: -25_000n },
          { account: 'partner_payable:acme', partnerId: 'acme', amount: 25_000n },
        ],
      },
    ]);
  });

  it.each([
    ['no fees', { amount: 25_000_000n, ourFeeBps: 0, partnerFeeBps: 0, partnerId: null }, []],
    ['service fee only', { amount: 1_000n, ourFeeBps: 30, partnerFeeBps: 0, partnerId: null }, ['service_fee']],
    ['partner fee only', { amount: 1_000n, ourFeeBps: 0, partnerFeeBps: 30, partnerId: 'p' }, ['partner_fee']],
    ['both round to zero', { amount: 333n, ourFeeBps: 30, partnerFeeBps: 30, partnerId: 'p' }, []],
    ['zero amount', { amount: 0n, ourFeeBps: 30, partnerFeeBps: 30, partnerId: 'p' }, []],
  ])('%s', (_name, facts, legs) => {
    expect(fillPostings(facts).map((l) => l.leg)).toEqual(legs);
  });

  it('a partner fee without a partner is still recorded, on an account no partner id can name', () => {
    const [leg] = fillPostings({ amount: 10_000n, ourFeeBps: 0, partnerFeeBps: 10, partnerId: null });
    expect(leg.postings.map((p) => [p.account, p.partnerId])).toEqual([
      ['payer_volume', null],
      [`partner_payable:${UNATTRIBUTED_PARTNER}`, null],
    ]);
    expect(LEDGER_ACCOUNT.test(partnerPayable(UNATTRIBUTED_PARTNER))).toBe(true);
    expect(/^[a-z0-9-]{1,32}$/.test(UNATTRIBUTED_PARTNER)).toBe(false);
  });

  it('every account written is one the filters and the database accept', () => {
    for (const l of fillPostings({ amount: 10n ** 12n, ourFeeBps: 30, partnerFeeBps: 30, partnerId: 'a-partner-0' }))
      for (const p of l.postings) expect(p.account).toMatch(LEDGER_ACCOUNT);
  });
});

describe('USD values', () => {
  it.each<[bigint, number, number, bigint]>([
    [50_000n, 6, 1, 50_000n], // 0.05 USDC at 1.00 → 0.050000
    [50_000n, 6, 0.9999, 49_995n],
    [-50_000n, 6, 0.9999, -49_995n],
    [10n ** 15n, 18, 3200.5, 3_200_500n], // 0.001 ETH → 3.2005
    [1n, 18, 3000, 0n], // one wei is far below a micro-dollar
    [3n, 0, 0.0000005, 2n], // 1.5 micro → rounds half away from zero
    [-3n, 0, 0.0000005, -2n],
    [10n ** 30n, 18, 1e-9, 1_000_000_000n], // a price far below a cent still counts: 10^12 tokens → 1000 USD
  ])('%s base units (%s decimals) at %s → %s micro-USD', (amount, decimals, price, micros) => {
    expect(usdMicros(amount, decimals, price)).toBe(micros);
  });

  it.each<[bigint, string]>([
    [0n, '0.000000'],
    [1n, '0.000001'],
    [-123n, '-0.000123'],
    [12_500_000n, '12.500000'],
    [-3_200_500n, '-3.200500'],
  ])('%s micro-USD is %s', (m, s) => {
    expect(formatMicros(m)).toBe(s);
    expect(parseMicros(s)).toBe(m);
  });

  it('refuses a price or decimals no token has', () => {
    expect(() => usdMicros(1n, 6, Number.NaN)).toThrow(RangeError);
    expect(() => usdMicros(1n, 6, -1)).toThrow(RangeError);
    expect(() => usdMicros(1n, 99, 1)).toThrow(RangeError);
  });
});

/** Fills in a handful of currencies, with any rates and partners. */
const fills = fc.array(
  fc.record({
    currency: fc.constantFrom('8453:0xusdc', '8453:0x0000000000000000000000000000000000000000', '7565164:EPjF', '1:0xdai'),
    amount: fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
    ourFeeBps: fc.integer({ min: 0, max: 1000 }),
    partnerFeeBps: fc.integer({ min: 0, max: 1000 }),
    partnerId: fc.option(fc.constantFrom('acme', 'globex', 'p-1'), { nil: null }),
  }),
  { maxLength: 30 },
);

type Fill = { currency: string; amount: bigint; ourFeeBps: number; partnerFeeBps: number; partnerId: string | null };

/** Each fill's transactions, their postings tagged with the fill's currency. */
const transactionsOf = (set: readonly Fill[]) =>
  set.flatMap((f) => fillPostings(f).map((leg) => ({ ...leg, postings: leg.postings.map((p) => ({ ...p, currency: f.currency })) })));

describe('properties', () => {
  it('every generated entry set balances per currency, each transaction on its own, and credits equal the fees', () => {
    fc.assert(
      fc.property(fills, (set) => {
        const postings = transactionsOf(set).flatMap((t) => t.postings);
        for (const sum of sumsByCurrency(postings).values()) expect(sum).toBe(0n);
        for (const f of set)
          for (const leg of fillPostings(f)) {
            expect(leg.postings.reduce((a, p) => a + p.amount, 0n)).toBe(0n);
            expect(leg.fee).toBeGreaterThan(0n);
            expect(leg.postings.filter((p) => p.amount > 0n).map((p) => p.amount)).toEqual([leg.fee]);
          }
        // Fees never exceed what was paid in.
        for (const f of set) expect(fillPostings(f).reduce((a, l) => a + l.fee, 0n) <= f.amount).toBe(true);
      }),
    );
  });

  it('the reversal of any set balances, and with the set nets to zero on every account and currency', () => {
    fc.assert(
      fc.property(fills, fc.array(fc.nat(), { maxLength: 10 }), (set, picks) => {
        const transactions = transactionsOf(set);
        // Reverse any of its transactions: the reversals alone balance per currency.
        const chosen = transactions.length ? picks.map((i) => transactions[i % transactions.length]!) : [];
        for (const t of chosen) expect(reversePostings(t.postings).reduce((a, p) => a + p.amount, 0n)).toBe(0n);
        for (const sum of sumsByCurrency(chosen.flatMap((t) => reversePostings(t.postings))).values()) expect(sum).toBe(0n);
        // Reverse all of them: with the set, every account nets to zero in every currency.
        const postings = transactions.flatMap((t) => t.postings);
        const both = [...postings, ...reversePostings(postings)];
        const byAccount = sumsByCurrency(both.map((p) => ({ currency: `${p.account}|${p.currency}`, amount: p.amount })));
        for (const sum of byAccount.values()) expect(sum).toBe(0n);
      }),
    );
  });

  it('USD values of a transaction balance too (rounding is symmetric)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 24 }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (fee, decimals, price) => {
          expect(usdMicros(fee, decimals, price) + usdMicros(-fee, decimals, price)).toBe(0n);
        },
      ),
    );
  });
});
