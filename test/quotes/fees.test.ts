import { describe, expect, it } from 'vitest';
import { decideFees, defaultChannel, type FeeSettings } from '../../src/quotes/fees.js';
import type { PartnerFeeProfile } from '../../src/partners/views.js';

const settings: FeeSettings = { channelBps: { web: 30, widget: 30, api: 20, bot: 90 }, capBps: 150 };
const feePartner = (o: Partial<PartnerFeeProfile> = {}): PartnerFeeProfile => ({ id: 'acme', kind: 'fee', feeBps: 25, maxFeeBps: 100, active: true, ...o });
const labelPartner: PartnerFeeProfile = { id: 'tagger', kind: 'label', feeBps: 0, maxFeeBps: 0, active: true };

describe('decideFees', () => {
  it.each([
    ['web', 30],
    ['widget', 30],
    ['api', 20],
    ['bot', 90],
  ] as const)('channel %s defaults to %i bps', (channel, bps) => {
    expect(decideFees(settings, { channel })).toEqual({ ourFeeBps: bps, partnerFeeBps: 0 });
  });

  it('operators can override channel fees', () => {
    expect(decideFees({ ...settings, channelBps: { ...settings.channelBps, api: 5 } }, { channel: 'api' }).ourFeeBps).toBe(5);
  });

  it('an integrator partner adds its registry fee on top', () => {
    expect(decideFees(settings, { channel: 'web', integratorPartner: feePartner() })).toMatchObject({
      ourFeeBps: 30,
      partnerFeeBps: 25,
      partner: { id: 'acme' },
    });
  });

  it('unknown (null) or inactive integrators are ignored', () => {
    expect(decideFees(settings, { channel: 'web', integratorPartner: null })).toEqual({ ourFeeBps: 30, partnerFeeBps: 0 });
    expect(decideFees(settings, { channel: 'web', integratorPartner: feePartner({ active: false }) })).toEqual({ ourFeeBps: 30, partnerFeeBps: 0 });
  });

  it('a label-only partner is attributed but takes nothing, and integratorFeeBps is ignored for it', () => {
    const d = decideFees(settings, { channel: 'api', keyPartner: labelPartner, requestedPartnerFeeBps: 40 });
    expect(d).toEqual({ ourFeeBps: 20, partnerFeeBps: 0, partner: labelPartner });
  });

  it('a partner key takes precedence over the integrator parameter', () => {
    const d = decideFees(settings, {
      channel: 'api',
      keyPartner: feePartner({ id: 'keyed', feeBps: 10 }),
      integratorPartner: feePartner({ id: 'other', feeBps: 50 }),
    });
    expect(d.partner?.id).toBe('keyed');
    expect(d.partnerFeeBps).toBe(10);
  });

  it('integratorFeeBps is honoured with the partner key within maxFeeBps', () => {
    expect(decideFees(settings, { channel: 'api', keyPartner: feePartner(), requestedPartnerFeeBps: 80 }).partnerFeeBps).toBe(80);
    expect(decideFees(settings, { channel: 'api', keyPartner: feePartner(), requestedPartnerFeeBps: 0 }).partnerFeeBps).toBe(0);
  });

  it('integratorFeeBps above maxFeeBps is INVALID_PARAMS naming the field', () => {
    expect(() => decideFees(settings, { channel: 'api', keyPartner: feePartner(), requestedPartnerFeeBps: 101 })).toThrowError(
      expect.objectContaining({ code: 'INVALID_PARAMS', details: { field: 'integratorFeeBps' } }),
    );
  });

  it('integratorFeeBps without a partner key is ignored (registry fee applies)', () => {
    expect(decideFees(settings, { channel: 'web', integratorPartner: feePartner(), requestedPartnerFeeBps: 99 }).partnerFeeBps).toBe(25);
    expect(decideFees(settings, { channel: 'web', requestedPartnerFeeBps: 99 }).partnerFeeBps).toBe(0);
  });

  it('the cap trims the partner part, never ours', () => {
    const d = decideFees(settings, { channel: 'bot', keyPartner: feePartner({ maxFeeBps: 200 }), requestedPartnerFeeBps: 100 });
    expect(d).toMatchObject({ ourFeeBps: 90, partnerFeeBps: 60 });
    expect(d.ourFeeBps + d.partnerFeeBps).toBe(150);
  });

  it('a channel fee above the cap is held at the cap, leaving no room for a partner', () => {
    const d = decideFees({ channelBps: { ...settings.channelBps, bot: 200 }, capBps: 150 }, { channel: 'bot', integratorPartner: feePartner() });
    expect(d).toMatchObject({ ourFeeBps: 150, partnerFeeBps: 0 });
  });

  it('default channel: api with a key, web without', () => {
    expect(defaultChannel(true)).toBe('api');
    expect(defaultChannel(false)).toBe('web');
  });
});
