import bs58 from 'bs58';
import { ApiError } from '../../errors.js';
import { SOL_NATIVE_MINT, type FeeRequest } from '../types.js';

/** Pure request/response mapping for Jupiter Ultra `/ultra/v1/order` + `/execute` (see /work/shared/providers/jupiter.md). */

/** The System Program id is the native-SOL placeholder some APIs use; Jupiter only knows the wrapped-SOL mint. */
import { SYSTEM_PROGRAM_ID } from '../native-tokens.js';

export { SYSTEM_PROGRAM_ID };
/** Ultra accepts an integrator `referralFee` only within these bounds (bps). */
export const JUPITER_MIN_REFERRAL_BPS = 50;
export const JUPITER_MAX_REFERRAL_BPS = 255;
/** Share of the integrator fee Jupiter keeps for itself. */
export const JUPITER_REFERRAL_CUT = 0.2;

export function isSolanaAddress(s: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s)) return false;
  try {
    return bs58.decode(s).length === 32;
  } catch {
    return false;
  }
}

/** Service mint → Jupiter mint: native SOL is the wrapped-SOL mint (the service convention already), never the system program. */
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

/** `/order` 4xx `{error}` → our code (429 and 5xx are handled by providerFetch). */
export function classifyJupiterOrderError(status: number, body: unknown): ApiError {
  const text = errorText(body);
  const msg = `jupiter: ${text || `HTTP ${status}`}`;
  if (status === 401 || status === 403) return new ApiError('PROVIDER_ERROR', `jupiter rejected the API key (${text || `HTTP ${status}`})`);
  if (/failed to get quotes|could not find any route|no routes? found|not tradable/i.test(text)) return new ApiError('NO_ROUTE', msg);
  if (status === 400 && /mint/i.test(text)) return new ApiError('UNSUPPORTED_TOKEN', msg);
  if (status === 400) return new ApiError('INVALID_PARAMS', msg);
  return new ApiError('PROVIDER_ERROR', msg);
}

/**
 * A 200 `/order` whose `transaction` is "" carries `errorCode`: 1 insufficient funds, 2 top up SOL for gas,
 * 3 below the gasless minimum. The quote cannot be executed, so it is reported as this provider's failure.
 */
export function classifyJupiterOrderErrorCode(errorCode: number | undefined, errorMessage: string | undefined): ApiError {
  const msg = `jupiter cannot build this swap for the taker: ${errorMessage || 'no transaction'}${errorCode !== undefined ? ` (errorCode ${errorCode})` : ''}`;
  return new ApiError(errorCode === 3 ? 'AMOUNT_TOO_SMALL' : 'PROVIDER_ERROR', msg);
}

/** `/execute` rejection (HTTP 400 `{error, code}` or 200 `status: "Failed"`) → PROVIDER_ERROR with Jupiter's reason. */
export function jupiterExecuteRejection(body: unknown, status: number): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; code?: unknown };
  const reason = typeof b.error === 'string' && b.error ? b.error : `HTTP ${status}`;
  return new ApiError('PROVIDER_ERROR', `jupiter rejected the signed transaction: ${reason}${typeof b.code === 'number' ? ` (code ${b.code})` : ''}`, {
    provider: 'jupiter',
    ...(typeof b.code === 'number' ? { providerCode: b.code } : {}),
  });
}

function errorText(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as { error?: unknown; message?: unknown };
  return typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : '';
}

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
