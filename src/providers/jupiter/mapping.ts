import bs58 from 'bs58';
import { ApiError } from '../../errors.js';
import { SYSTEM_PROGRAM_ID } from '../native-tokens.js';
import { SOL_NATIVE_MINT, type FeeRequest, type ProviderQuote, type QuoteRequest } from '../types.js';
import { jupiterOrderCodeError } from './errors.js';
import type { UltraOrder } from './schemas.js';
import { assertUltraTransaction } from './transaction.js';

/** Request/response mapping for Jupiter Ultra `GET /ultra/v1/order` (docs/providers/jupiter.md). */

/** Ultra accepts an integrator `referralFee` only within these bounds (bps). */
const JUPITER_MIN_REFERRAL_BPS = 50;
const JUPITER_MAX_REFERRAL_BPS = 255;
/** Share of the integrator fee Jupiter keeps for itself. */
const JUPITER_REFERRAL_CUT = 0.2;

export function isSolanaAddress(s: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s)) return false;
  try {
    return bs58.decode(s).length === 32;
  } catch {
    return false;
  }
}

/**
 * Service mint → Jupiter mint: native SOL is the wrapped-SOL mint (the service convention already); the System
 * Program id some other APIs use for SOL is translated, since Jupiter only knows the mint.
 */
export function toJupiterMint(address: string): string {
  return address === SYSTEM_PROGRAM_ID ? SOL_NATIVE_MINT : address;
}

export interface JupiterReferral {
  ourFeeBps: number;
  partnerFeeBps: number;
  /** `referralAccount` + `referralFee`, or nothing. */
  query: Record<string, string>;
}

/**
 * Ultra carries one integrator fee to one referral account (FEE_RECIPIENT_SOLANA must be a Jupiter referral
 * account). Our fee and the partner's go there together (the partner share is settled through the fee ledger).
 * Below Ultra's 50 bps minimum nothing can be carried (we never round a fee up); above 255 the partner part is trimmed.
 */
export function jupiterReferral(fees: FeeRequest): JupiterReferral {
  const account = fees.recipients.svm;
  const our = posInt(fees.ourFeeBps);
  const partner = posInt(fees.partnerFeeBps);
  if (!account || !isSolanaAddress(account) || our + partner < JUPITER_MIN_REFERRAL_BPS) return { ourFeeBps: 0, partnerFeeBps: 0, query: {} };
  const ourFeeBps = Math.min(our, JUPITER_MAX_REFERRAL_BPS);
  const partnerFeeBps = Math.min(partner, JUPITER_MAX_REFERRAL_BPS - ourFeeBps);
  return { ourFeeBps, partnerFeeBps, query: { referralAccount: account, referralFee: String(ourFeeBps + partnerFeeBps) } };
}

const posInt = (n: number) => (Number.isInteger(n) && n > 0 ? n : 0);

/** Lamports the taker pays (fees whose payer is someone else — gasless — are not the user's). */
export function takerLamports(o: {
  signatureFeeLamports?: number;
  signatureFeePayer?: string | null;
  prioritizationFeeLamports?: number;
  prioritizationFeePayer?: string | null;
  rentFeeLamports?: number;
  rentFeePayer?: string | null;
  taker: string;
}): number {
  const paidByTaker = (payer: string | null | undefined) => !payer || payer === o.taker;
  return (
    (paidByTaker(o.signatureFeePayer) ? (o.signatureFeeLamports ?? 0) : 0) +
    (paidByTaker(o.prioritizationFeePayer) ? (o.prioritizationFeeLamports ?? 0) : 0) +
    (paidByTaker(o.rentFeePayer) ? (o.rentFeeLamports ?? 0) : 0)
  );
}

/** The order's transaction carries a recent blockhash (~60-90 s of life); leave time to sign and submit. */
const QUOTE_TTL_SECONDS = 30;
/** Ultra lands the transaction itself and answers once it is confirmed. */
const ESTIMATED_SECONDS = 5;

/** `GET /ultra/v1/order` query: with `taker`, so the answer carries the unsigned transaction; `receiver` only when it differs. */
export function orderQuery(req: QuoteRequest, referral: JupiterReferral): Record<string, string> {
  const query: Record<string, string> = {
    inputMint: toJupiterMint(req.src.address),
    outputMint: toJupiterMint(req.dst.address),
    amount: req.amount.toString(),
    taker: req.sender,
    ...referral.query,
  };
  if (req.recipient !== req.sender) query.receiver = req.recipient;
  return query;
}

/**
 * An `/order` answer as our quote. It must echo the pair and input asked, carry a transaction the taker signs,
 * and a minimum not above the output. Without a referral token account for `feeMint` Jupiter silently falls
 * back to its default fee: then our fee is not carried (`feeBps` differs from the `referralFee` sent).
 */
export function readOrder(body: UltraOrder, req: QuoteRequest, referral: JupiterReferral, nowSeconds: number): ProviderQuote {
  if (body.inputMint !== toJupiterMint(req.src.address) || body.outputMint !== toJupiterMint(req.dst.address))
    throw new ApiError('PROVIDER_ERROR', 'jupiter answered for a different token pair');
  if (BigInt(body.inAmount) !== req.amount) throw new ApiError('PROVIDER_ERROR', 'jupiter answered for a different input amount');
  if (BigInt(body.otherAmountThreshold) > BigInt(body.outAmount)) throw new ApiError('PROVIDER_ERROR', 'jupiter answered with a minimum above the output');
  if (!body.transaction) throw jupiterOrderCodeError(body.errorCode, body.errorMessage);
  assertUltraTransaction(body.transaction, req.sender);

  const carried = referral.query.referralFee !== undefined && body.feeBps === Number(referral.query.referralFee);
  const feeBps = body.feeBps ?? body.platformFee?.feeBps;
  const swapUsd = body.swapUsdValue ?? body.inUsdValue ?? undefined;
  const jupiterBps = feeBps === undefined ? undefined : carried ? feeBps * JUPITER_REFERRAL_CUT : feeBps;
  const providerFeeUsd = swapUsd !== undefined && jupiterBps !== undefined ? (swapUsd * jupiterBps) / 10_000 : undefined;
  const solUsd = solPriceUsd(req, body);
  const lamports = takerLamports({ ...body, taker: req.sender });
  const gasUsd = solUsd !== undefined ? (lamports / 1e9) * solUsd : undefined;

  const rfqExpiry = body.expireAt !== undefined && body.expireAt !== null ? Number(body.expireAt) : NaN;
  return {
    srcAmount: req.amount,
    dstAmount: BigInt(body.outAmount),
    dstAmountMin: BigInt(body.otherAmountThreshold),
    estimatedSeconds: ESTIMATED_SECONDS,
    ourFeeBps: carried ? referral.ourFeeBps : 0,
    partnerFeeBps: carried ? referral.partnerFeeBps : 0,
    ...(providerFeeUsd !== undefined ? { providerFeeUsd: round(providerFeeUsd) } : {}),
    ...(gasUsd !== undefined ? { gasUsd: round(gasUsd) } : {}),
    expiresAt: Number.isFinite(rfqExpiry) ? Math.min(nowSeconds + QUOTE_TTL_SECONDS, rfqExpiry) : nowSeconds + QUOTE_TTL_SECONDS,
    context: { requestId: body.requestId, transaction: body.transaction, router: body.router ?? null, feeBps: feeBps ?? null },
  };
}

/** SOL/USD from the request's token prices, else from Jupiter's own USD value of a SOL leg. */
function solPriceUsd(req: QuoteRequest, body: UltraOrder): number | undefined {
  for (const t of [req.src, req.dst]) if (t.address === SOL_NATIVE_MINT && t.priceUsd !== undefined) return t.priceUsd;
  if (body.inputMint === SOL_NATIVE_MINT && body.inUsdValue && body.inAmount !== '0') return body.inUsdValue / (Number(body.inAmount) / 1e9);
  if (body.outputMint === SOL_NATIVE_MINT && body.outUsdValue && body.outAmount !== '0') return body.outUsdValue / (Number(body.outAmount) / 1e9);
  return undefined;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
