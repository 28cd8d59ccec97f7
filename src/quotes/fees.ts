import { ApiError } from '../errors.js';
import type { Channel } from './input.js';
import type { PartnerFeeProfile } from '../partners/views.js';

/**
 * Fee decision for one quote request: the channel fee, plus a registered partner's fee (`integrator`, or the
 * API key's partner, which takes precedence; `integratorFeeBps` only with a partner key, within its `maxFeeBps`),
 * the total capped at FEE_CAP_BPS by trimming the partner part (defaults in config.ts).
 * Pure: the partner rows are looked up beforehand. Providers then report what they could actually carry.
 */

export interface FeeSettings {
  channelBps: Record<Channel, number>;
  capBps: number;
}

export interface FeeInput {
  channel: Channel;
  /** Partner the API key belongs to (takes precedence over `integrator`). */
  keyPartner?: PartnerFeeProfile | null;
  /** Partner named by the `integrator` parameter (already looked up; unknown ids arrive as null). */
  integratorPartner?: PartnerFeeProfile | null;
  /** `integratorFeeBps` as sent. */
  requestedPartnerFeeBps?: number;
}

export interface FeeDecision {
  ourFeeBps: number;
  partnerFeeBps: number;
  /** The partner the quote is attributed to (label-only partners too). */
  partner?: PartnerFeeProfile;
}

export function decideFees(settings: FeeSettings, input: FeeInput): FeeDecision {
  const ourFeeBps = Math.min(settings.channelBps[input.channel], settings.capBps);
  const fromKey = input.keyPartner?.active ? input.keyPartner : undefined;
  const partner = fromKey ?? (input.integratorPartner?.active ? input.integratorPartner : undefined);
  if (!partner) return { ourFeeBps, partnerFeeBps: 0 };
  if (partner.kind === 'label') return { ourFeeBps, partnerFeeBps: 0, partner };

  let partnerFeeBps = partner.feeBps;
  // integratorFeeBps is honoured only with the partner's own key, and only within its maxFeeBps.
  if (fromKey && input.requestedPartnerFeeBps !== undefined) {
    if (input.requestedPartnerFeeBps > partner.maxFeeBps) {
      throw new ApiError('INVALID_PARAMS', `integratorFeeBps: must be at most ${partner.maxFeeBps} for partner ${partner.id}`, { field: 'integratorFeeBps' });
    }
    partnerFeeBps = input.requestedPartnerFeeBps;
  }
  // The cap covers both fees; the partner part is trimmed to fit.
  partnerFeeBps = Math.max(0, Math.min(partnerFeeBps, settings.capBps - ourFeeBps));
  return { ourFeeBps, partnerFeeBps, partner };
}

/** The channel when none was given: API-key callers are the `api` channel, anonymous callers `web`. */
export const defaultChannel = (hasKey: boolean): Channel => (hasKey ? 'api' : 'web');
