import type { FeeRequest, QuoteRequest, TokenRef } from './types.js';
import { EVM_NATIVE } from './types.js';

/**
 * Pure helpers shared by the same-chain EVM aggregators (0x, KyberSwap): route support, fee split into the
 * providers' "fee recipient list" parameters, rough inclusion time and USD conversion of provider figures.
 */

const isEvmAddress = (s: string) => /^0x[0-9a-fA-F]{40}$/.test(s);

/** Same-chain EVM swap on a chain the aggregator serves. */
export function supportsSameChainEvm(req: Pick<QuoteRequest, 'src' | 'dst' | 'srcVm' | 'dstVm'>, chains: ReadonlySet<number>): boolean {
  return (
    req.srcVm === 'evm' &&
    req.dstVm === 'evm' &&
    req.src.chainId === req.dst.chainId &&
    chains.has(req.src.chainId) &&
    req.src.address.toLowerCase() !== req.dst.address.toLowerCase()
  );
}

interface FeeEntry {
  recipient: string;
  bps: number;
}

/** The fees an EVM aggregator will actually carry: what the quote reports and the per-recipient list it sends. */
export interface FeePlan {
  ourFeeBps: number;
  partnerFeeBps: number;
  entries: FeeEntry[];
}

/**
 * Our fee goes to `recipients.evm`; the partner fee to `partnerRecipients.evm`, or, when the partner has no payout
 * address of its own, to ours (the service collects it and owes it to the partner through the fee ledger).
 * No recipient → that fee cannot be carried (0). The total is capped at what the provider accepts, partner part first.
 */
export function planEvmFees(fees: FeeRequest, maxTotalBps: number): FeePlan {
  const ours = fees.recipients.evm && isEvmAddress(fees.recipients.evm) ? fees.recipients.evm : undefined;
  const theirs = fees.partnerRecipients?.evm && isEvmAddress(fees.partnerRecipients.evm) ? fees.partnerRecipients.evm : ours;
  const ourFeeBps = ours ? Math.min(clampBps(fees.ourFeeBps), maxTotalBps) : 0;
  const partnerFeeBps = theirs ? Math.min(clampBps(fees.partnerFeeBps), maxTotalBps - ourFeeBps) : 0;
  const entries: FeeEntry[] = [];
  if (ours && theirs && ours.toLowerCase() === theirs.toLowerCase()) {
    if (ourFeeBps + partnerFeeBps > 0) entries.push({ recipient: ours, bps: ourFeeBps + partnerFeeBps });
  } else {
    if (ours && ourFeeBps > 0) entries.push({ recipient: ours, bps: ourFeeBps });
    if (theirs && partnerFeeBps > 0) entries.push({ recipient: theirs, bps: partnerFeeBps });
  }
  return { ourFeeBps, partnerFeeBps, entries };
}

const clampBps = (n: number) => (Number.isInteger(n) && n > 0 ? n : 0);

/** Rough time from signature to inclusion (a couple of blocks); only matters for ranking beyond one minute. */
export function sameChainSeconds(chainId: number): number {
  switch (chainId) {
    case 1:
      return 24;
    case 56:
    case 137:
      return 6;
    default:
      return 4;
  }
}

/** USD value of a base-unit amount of `token` when its price is known. */
export function usdOf(amount: bigint, token: TokenRef): number | undefined {
  if (token.priceUsd === undefined || !Number.isFinite(token.priceUsd)) return undefined;
  return (Number(amount) / 10 ** token.decimals) * token.priceUsd;
}

/** USD price of the chain's native coin, when the request carries it (native src or dst). */
export function nativePriceUsd(req: Pick<QuoteRequest, 'src' | 'dst'>): { priceUsd: number; decimals: number } | undefined {
  for (const t of [req.src, req.dst]) {
    if (t.address.toLowerCase() === EVM_NATIVE && t.priceUsd !== undefined) return { priceUsd: t.priceUsd, decimals: t.decimals };
  }
  return undefined;
}

/**
 * The slippage in bps (rounded down) under which an answer expecting `expected` keeps `floor` as its minimum:
 * expected × (10000 − s) / 10000 ≥ floor. Undefined when `expected` is already below `floor`.
 */
export function slippageKeepingFloor(expected: bigint, floor: bigint): number | undefined {
  if (expected <= 0n || expected < floor) return undefined;
  return Number(((expected - floor) * 10_000n) / expected);
}

/** Rounds USD figures for display (cents and below kept to 6 digits). */
export const roundUsd = (n: number) => Math.round(n * 1e6) / 1e6;
