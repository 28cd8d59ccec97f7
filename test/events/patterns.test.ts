import { describe, expect, it } from 'vitest';
import { eventTypeFilter, isValidEventPattern, matchesEventPattern, matchesPattern } from '../../src/events/patterns.js';

describe('event-type patterns', () => {
  it('accepts *, known types and prefixes covering a known type', () => {
    expect(isValidEventPattern('*')).toBe(true);
    expect(isValidEventPattern('checkout.session.completed')).toBe(true);
    expect(isValidEventPattern('checkout.session.*')).toBe(true);
    expect(isValidEventPattern('checkout.*')).toBe(true);
    expect(isValidEventPattern('checkout.sessio.*')).toBe(false);
    expect(isValidEventPattern('nope.*')).toBe(false);
    expect(isValidEventPattern('checkout.session.complete')).toBe(false);
  });

  it('matches exactly, by dotted prefix, or everything', () => {
    expect(matchesEventPattern('*', 'order.filled')).toBe(true);
    expect(matchesEventPattern('order.filled', 'order.filled')).toBe(true);
    expect(matchesEventPattern('order.*', 'order.filled')).toBe(true);
    expect(matchesEventPattern('order.*', 'orders.filled')).toBe(false);
    expect(matchesEventPattern('order.filled', 'order.failed')).toBe(false);
    expect(matchesPattern(['checkout.session.*', 'order.filled'], 'order.filled')).toBe(true);
    expect(matchesPattern(['checkout.session.*'], 'order.filled')).toBe(false);
  });

  it('the list filter says the same thing as a Prisma condition', () => {
    expect(eventTypeFilter('*')).toBeUndefined();
    expect(eventTypeFilter('order.filled')).toBe('order.filled');
    expect(eventTypeFilter('checkout.session.*')).toEqual({ startsWith: 'checkout.session.' });
  });
});
