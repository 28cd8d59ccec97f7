import type { FeeRequest, Vm } from '../types.js';

export interface LifiFeeParams {
  /** Fees LI.FI will really carry for this request. */
  ourFeeBps: number;
  partnerFeeBps: number;
  query: { integrator: string; fee?: string };
}

/** LI.FI refuses fees of 100 % or more; keep well inside that. */
const MAX_FEE_BPS = 1000;

/** 30 → "0.003", 5 → "0.0005", 150 → "0.015": a decimal fraction of the input, exact. */
export function bpsToFraction(bps: number): string {
  const s = String(bps).padStart(4, '0');
  const frac = `${s.slice(-4)}`.replace(/0+$/, '');
  const whole = s.slice(0, -4) || '0';
  return frac ? `${whole}.${frac}` : whole;
}

/**
 * LI.FI takes the integrator fee (`fee`, a fraction of the input) on the source chain and credits it to the
 * `integrator` id; both our fee and the partner fee ride on it (the partner's share is settled from the
 * fee ledger). `integrator` is always sent (tracking). Without a fee recipient configured for the source
 * VM the service has not set up fee collection there, so no fee is asked.
 */
export function lifiFeeParams(fees: FeeRequest, srcVm: Vm, integrator: string): LifiFeeParams {
  const none = { ourFeeBps: 0, partnerFeeBps: 0, query: { integrator } };
  if (!fees.recipients[srcVm]) return none;
  const our = clampBps(fees.ourFeeBps, MAX_FEE_BPS);
  const partner = clampBps(fees.partnerFeeBps, MAX_FEE_BPS - our);
  if (our + partner === 0) return none;
  return { ourFeeBps: our, partnerFeeBps: partner, query: { integrator, fee: bpsToFraction(our + partner) } };
}

function clampBps(bps: number, max: number): number {
  if (!Number.isInteger(bps) || bps <= 0) return 0;
  return Math.min(bps, Math.max(0, max));
}
