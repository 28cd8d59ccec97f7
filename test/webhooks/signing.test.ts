import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { generateSecret, signDelivery } from '../../src/webhooks/signing.js';

describe('Standard Webhooks signing', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { amount: '1000000' } });

  it('secrets are whsec_ + base64 of 32 bytes', () => {
    const s = generateSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(s);
  });

  it("the library's verify accepts our signature and rejects tampering, a wrong secret and an old timestamp", () => {
    const secret = generateSecret();
    const h = signDelivery('evt_1', body, [secret]);
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...h })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('1000000', '9000000'), { ...h })).toThrow(/No matching signature/);
    expect(() => new Webhook(generateSecret()).verify(body, { ...h })).toThrow(/No matching signature/);
    const old = signDelivery('evt_1', body, [secret], new Date(Date.now() - 10 * 60_000));
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow(/too old/);
    expect(() => new Webhook(secret).verify(body, { ...h, 'webhook-id': 'evt_2' })).toThrow(/No matching signature/);
  });

  it('during a rotation both secrets sign, so receivers holding either one verify', () => {
    const current = generateSecret();
    const previous = generateSecret();
    const h = signDelivery('evt_9', body, [current, previous]);
    expect(h['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, { ...h })).not.toThrow();
    expect(() => new Webhook(previous).verify(body, { ...h })).not.toThrow();
  });
});
