import { describe, expect, it } from 'vitest';
import {
  eventForStatus,
  nextLimitPollDelayMs,
  openFailsAtMs,
  transition,
  type LimitOrderEvent,
  type LimitOrderState,
  type LimitOrderStatus,
} from '../../src/limit-orders/state.js';

const st = (status: LimitOrderStatus, filledMaking = 0n, filledTaking = 0n): LimitOrderState => ({ status, makingAmount: 100n, filledMaking, filledTaking });
const seen = (providerStatus: string, filledMaking = 0n, filledTaking = 0n, expired = false): LimitOrderEvent => ({
  type: 'observed',
  providerStatus,
  filledMaking,
  filledTaking,
  expired,
});

describe('limit order transitions', () => {
  const rows: Array<[LimitOrderStatus, LimitOrderEvent, string, LimitOrderState]> = [
    ['pending_signature', { type: 'opened' }, 'pending_signature→open', st('open')],
    ['pending_signature', { type: 'open_failed' }, 'never landed', st('failed')],
    ['pending_signature', { type: 'cancel_landed' }, 'nothing to cancel yet', st('pending_signature')],
    ['open', { type: 'opened' }, 'opened twice', st('open')],
    ['open', { type: 'open_failed' }, 'too late to fail', st('open')],
    ['pending_signature', seen('Open'), 'seen open at the provider', st('open')],
    ['open', seen('Open', 40n, 20n), 'first partial fill', st('partially_filled', 40n, 20n)],
    ['partially_filled', seen('Open', 70n, 35n), 'second partial fill', st('partially_filled', 70n, 35n)],
    ['partially_filled', seen('Completed', 100n, 50n), 'full fill', st('filled', 100n, 50n)],
    ['partially_filled', seen('Open', 100n, 50n), 'remaining 0 while still listed open', st('filled', 100n, 50n)],
    ['partially_filled', seen('Open', 30n, 10n), 'a stale answer never undoes a fill', st('partially_filled', 70n, 35n)],
    ['open', seen('Cancelled'), 'cancelled', st('cancelled')],
    ['partially_filled', seen('Cancelled', 70n, 35n), 'cancelled after a fill keeps the fill', st('cancelled', 70n, 35n)],
    ['open', seen('Expired'), 'expired by the provider', st('expired')],
    ['open', seen('Open', 0n, 0n, true), 'still listed open past its expiry', st('expired')],
    ['open', { type: 'cancel_landed' }, 'cancel landed', st('cancelled')],
    ['pending_signature', seen('Failed'), 'create failed', st('failed')],
    ['open', seen('Failed'), 'a failed tx does not fail an open order', st('open')],
    ['open', seen('SomethingNew'), 'unknown state changes nothing', st('open')],
    ['open', seen('SomethingNew', 10n, 5n), 'unknown state with a fill', st('partially_filled', 10n, 5n)],
    ['filled', seen('Open', 100n, 50n), 'final stays; a fill listed late still counts', st('filled', 100n, 50n)],
    ['cancelled', { type: 'opened' }, 'final stays', st('cancelled')],
    ['cancelled', { type: 'cancel_landed' }, 'cancelled twice', st('cancelled')],
    ['cancelled', seen('Cancelled', 30n, 15n), 'a fill made before the cancel, listed after it: counted, still cancelled', st('cancelled', 30n, 15n)],
    ['cancelled', seen('Open', 0n, 0n, true), 'a stale listing never reopens or expires it', st('cancelled')],
    ['expired', seen('Completed', 100n, 50n), 'final stays; the fill counts', st('expired', 100n, 50n)],
    ['failed', seen('Open'), 'final stays', st('failed')],
    ['failed', seen('Open', 10n, 5n), 'a failed order never opened: no fill counts', st('failed')],
  ];
  it.each(rows.map(([from, ev, why, to]) => [`${from}: ${why}`, from, ev, why, to] as const))('%s', (_name, from, ev, why, to) => {
    const start = from === 'partially_filled' && why.startsWith('a stale') ? st(from, 70n, 35n) : st(from);
    expect(transition(start, ev)).toEqual(to);
  });

  it('returns the same object when nothing changes', () => {
    const s = st('open');
    expect(transition(s, seen('Open'))).toBe(s);
  });

  it('fills are capped at the order amount', () => expect(transition(st('open'), seen('Open', 500n, 1n)).filledMaking).toBe(100n));

  it('events', () => {
    expect(eventForStatus('cancelled')).toBe('limit_order.cancelled');
    expect(eventForStatus('expired')).toBe('limit_order.expired');
    expect(eventForStatus('filled')).toBeUndefined();
  });

  it('backs off while nothing changes', () => {
    expect(nextLimitPollDelayMs(0, 1_000)).toBe(1_000);
    expect(nextLimitPollDelayMs(3, 1_000)).toBe(8_000);
    expect(nextLimitPollDelayMs(50, 1_000)).toBe(64_000);
    expect(nextLimitPollDelayMs(50, 20_000)).toBe(600_000);
    expect(nextLimitPollDelayMs(0, 1_000, true)).toBe(30_000);
  });

  it.each([
    ['nothing handed over: the window decides', 0, 0, 600_000],
    ['submitted early: the window decides', 0, 60_000, 600_000],
    ['submitted at the window edge: the provider timeout and the landing time after it', 0, 599_000, 599_000 + 12_000 + 90_000],
    ['reported shortly before the window closes: time to land after the report', 0, 550_000, 550_000 + 102_000],
    ['reported after the window: no later than the window and one landing time', 0, 650_000, 600_000 + 102_000],
    ['reported again and again: never past the window and one landing time', 0, 5_000_000, 600_000 + 102_000],
  ])('an unlisted order fails at: %s', (_why, created, updated, at) => expect(openFailsAtMs(created, updated, 600_000, 12_000)).toBe(at));
});
