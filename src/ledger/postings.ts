/**
 * The fee ledger's postings (docs/ledger.md), pure. A filled order pays two fees out of its input amount, each
 * carved out of what the payer sent: the service fee and the partner fee, each floor(amount × bps / 10000) at the
 * rate the provider carried (the order's recorded `ourFeeBps` / `partnerFeeBps`). Each fee is one transaction of
 * two postings in the input token's base units, summing to zero:
 *
 *   service_fee   payer_volume  −fee   service_revenue               +fee
 *   partner_fee   payer_volume  −fee   partner_payable:<partnerId>   +fee
 *
 * `payer_volume` is the contra account the fees come out of (its balance is minus every fee recorded). A fee of 0
 * (no rate, or an amount too small for one base unit) writes nothing. A correction is a reversal: the same
 * postings negated, so the pair nets to zero on every account.
 */

export const LEDGER_LEGS = ['service_fee', 'partner_fee'] as const;
export type LedgerLeg = (typeof LEDGER_LEGS)[number];
export const LEDGER_TRANSACTION_KINDS = ['fee', 'reversal'] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const PAYER_VOLUME = 'payer_volume';
const SERVICE_REVENUE = 'service_revenue';
const PARTNER_PAYABLE = 'partner_payable:';
/**
 * Where a partner fee goes when the order names no partner (never expected: a partner rate comes with a partner).
 * Partner ids are `[a-z0-9-]`, so the underscore keeps it apart from every real one; the fee is still recorded.
 */
export const UNATTRIBUTED_PARTNER = '_unattributed';

/** The account a partner's fees accrue on. */
export const partnerPayable = (partnerId: string) => `${PARTNER_PAYABLE}${partnerId}`;

/** Every account name the ledger writes (what a filter may name). */
export const LEDGER_ACCOUNT = /^(payer_volume|service_revenue|partner_payable:[a-z0-9_-]{1,32})$/;

/** The fee at `bps` of `amount`, rounded down (a fee is never rounded up). */
export function feeOf(amount: bigint, bps: number): bigint {
  if (amount < 0n) throw new RangeError('amount must not be negative');
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError('bps must be an integer from 0 to 10000');
  return (amount * BigInt(bps)) / 10_000n;
}

/** What postings are computed from: the filled order's input amount, its recorded rates and partner. */
export interface FillFacts {
  amount: bigint;
  ourFeeBps: number;
  partnerFeeBps: number;
  partnerId: string | null;
}

interface Posting {
  account: string;
  /** The order's partner, on every posting of its fills (totals per partner read it). */
  partnerId: string | null;
  amount: bigint;
}

/** One ledger transaction's postings: a fee leg of a fill, or its reversal. */
export interface LegPostings {
  leg: LedgerLeg;
  /** The fee (positive). */
  fee: bigint;
  postings: Posting[];
}

/** The transactions a fill posts: one per fee leg with a fee above zero. */
export function fillPostings(o: FillFacts): LegPostings[] {
  const out: LegPostings[] = [];
  const service = feeOf(o.amount, o.ourFeeBps);
  if (service > 0n) out.push({ leg: 'service_fee', fee: service, postings: transfer(service, SERVICE_REVENUE, o.partnerId) });
  const partner = feeOf(o.amount, o.partnerFeeBps);
  if (partner > 0n)
    out.push({ leg: 'partner_fee', fee: partner, postings: transfer(partner, partnerPayable(o.partnerId ?? UNATTRIBUTED_PARTNER), o.partnerId) });
  return out;
}

const transfer = (fee: bigint, to: string, partnerId: string | null): Posting[] => [
  { account: PAYER_VOLUME, partnerId, amount: -fee },
  { account: to, partnerId, amount: fee },
];

/** A reversal's postings: each posting negated, on the same accounts. */
export const reversePostings = <P extends { amount: bigint }>(postings: readonly P[]): P[] => postings.map((p) => ({ ...p, amount: -p.amount }));

/** The sum of the postings per currency (a balanced set sums to 0 in each). */
export function sumsByCurrency(postings: ReadonlyArray<{ currency: string; amount: bigint }>): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const p of postings) sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  return sums;
}

/** Where a USD price came from: a price source, the hourly token list, or the 1.00 peg of a settlement stablecoin. */
export const PRICE_SOURCES = ['defillama', 'jupiter', 'token_list', 'usd_peg'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

const MICRO = 10n ** 6n;

/**
 * USD worth of `amount` base units at `priceUsd`, in micro-USD, rounded half away from zero. The price is taken
 * to 18 decimals (its binary value, exactly as far as that goes), so a price far below a cent still counts.
 */
export function usdMicros(amount: bigint, decimals: number, priceUsd: number): bigint {
  if (!Number.isFinite(priceUsd) || priceUsd < 0) throw new RangeError('price must be a finite non-negative number');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) throw new RangeError('decimals must be an integer from 0 to 36');
  const atto = BigInt(priceUsd.toFixed(18).replace('.', ''));
  const num = amount * atto * MICRO;
  const den = 10n ** BigInt(decimals) * 10n ** 18n;
  const q = num / den;
  const r = num % den;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= den) return num < 0n ? q - 1n : q + 1n;
  return q;
}

/** Micro-USD as a decimal string with 6 places (`-0.000123`, `12.500000`). */
export function formatMicros(m: bigint): string {
  const neg = m < 0n;
  const a = neg ? -m : m;
  return `${neg ? '-' : ''}${a / MICRO}.${(a % MICRO).toString().padStart(6, '0')}`;
}

/** Reads `formatMicros`' decimal (or any decimal with at most 6 places) back into micro-USD. */
export function parseMicros(s: string): bigint {
  const m = /^(-?)([0-9]+)(?:\.([0-9]{1,6}))?$/.exec(s);
  if (!m) throw new RangeError(`not a USD amount: ${s}`);
  const v = BigInt(m[2]!) * MICRO + BigInt((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -v : v;
}
