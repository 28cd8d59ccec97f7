import type { FeeRequest, Vm } from '../types.js';

/** deBridge caps `affiliateFeePercent` at 10 %. */
const MAX_AFFILIATE_BPS = 1000;

export interface DebridgeFeeParams {
  /** Fees deBridge will really carry for this request. */
  ourFeeBps: number;
  partnerFeeBps: number;
  query: { affiliateFeePercent?: string; affiliateFeeRecipient?: string; referralCode?: string };
}

/** 30 → "0.3", 5 → "0.05", 150 → "1.5": percent of the input, exact (no float rounding). */
export function bpsToPercent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/**
 * deBridge carries one affiliate fee (percent of the input, taken on the source chain) paid to one
 * source-chain address. Our fee and the partner fee both go to our fee recipient for the source VM;
 * the partner's share is settled from the fee ledger. deBridge's affiliate-fee docs say the fee is only
 * enabled when a `referralCode` accompanies `affiliateFeePercent`: without a configured code (or without
 * a recipient for that VM) no fee is asked and none is reported, so a quote never claims a fee deBridge
 * does not take.
 */
export function debridgeFeeParams(fees: FeeRequest, srcVm: Vm, referralCode?: number): DebridgeFeeParams {
  const recipient = fees.recipients[srcVm];
  const none = { ourFeeBps: 0, partnerFeeBps: 0, query: referralCode !== undefined ? { referralCode: String(referralCode) } : {} };
  if (!recipient || referralCode === undefined) return none;
  const our = clampBps(fees.ourFeeBps, MAX_AFFILIATE_BPS);
  const partner = clampBps(fees.partnerFeeBps, MAX_AFFILIATE_BPS - our);
  const total = our + partner;
  if (total === 0) return none;
  return {
    ourFeeBps: our,
    partnerFeeBps: partner,
    query: { affiliateFeePercent: bpsToPercent(total), affiliateFeeRecipient: recipient, referralCode: String(referralCode) },
  };
}

function clampBps(bps: number, max: number): number {
  if (!Number.isInteger(bps) || bps <= 0) return 0;
  return Math.min(bps, Math.max(0, max));
}
