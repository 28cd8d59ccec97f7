import { describe, expect, it } from 'vitest';
import { finalStatusFor, nextPollDelayMs, orderLivemode } from '../../src/orders/state.js';

describe('order state machine', () => {
  it.each([
    ['pending', null],
    ['unknown', null],
    ['filled', 'filled'],
    ['refunded', 'refunded'],
    ['failed', 'failed'],
  ] as const)('provider state %s → %s', (s, f) => expect(finalStatusFor(s)).toBe(f));

  it('polls often at first, then backs off; 429 backs off harder', () => {
    expect(nextPollDelayMs(10_000, 3000)).toBe(3000);
    expect(nextPollDelayMs(5 * 60_000, 3000)).toBe(10_000);
    expect(nextPollDelayMs(30 * 60_000, 3000)).toBe(30_000);
    expect(nextPollDelayMs(5 * 3600_000, 3000)).toBe(300_000);
    expect(nextPollDelayMs(48 * 3600_000, 3000)).toBe(3_600_000);
    expect(nextPollDelayMs(10_000, 3000, true)).toBe(30_000);
  });
});

describe('orderLivemode', () => {
  it.each([
    ['a test key', 'test', undefined, false],
    ['a live key', 'live', undefined, true],
    ["a key wins over a session (the merchant's own quote)", 'test', { livemode: true }, false],
    ["a payer's quote of a test session", undefined, { livemode: false }, false],
    ["a payer's quote of a live session", undefined, { livemode: true }, true],
    ['a keyless swap through the public API: real funds', undefined, undefined, true],
  ] as const)('%s', (_name, key, session, live) => {
    expect(orderLivemode(key, session)).toBe(live);
  });
});
