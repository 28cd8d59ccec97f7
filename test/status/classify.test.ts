import { describe, expect, it } from 'vitest';
import {
  classify,
  currentStatus,
  DAY_THRESHOLDS,
  overallStatus,
  periodStatus,
  type ComponentStatus,
  type MinuteCounts,
  type Signals,
  THRESHOLDS,
} from '../../src/status/classify.js';

const sig = (o: Partial<Signals>): Signals => ({ total: 0, failed: 0, timeouts: 0, slow: 0, lagMs: 0, ...o });
const minutes = (o: Partial<MinuteCounts>): MinuteCounts => ({ operational: 0, degraded: 0, partial: 0, major: 0, maintenance: 0, noData: 0, ...o });

describe('classify: signals of some minutes → a state', () => {
  it.each<[string, Partial<Signals>, ReturnType<typeof classify>]>([
    ['nothing observed: no data (never "up")', {}, null],
    ['all answered in time', { total: 100 }, 'operational'],
    ['1 % failed', { total: 100, failed: 1 }, 'operational'],
    ['2 % failed: degraded', { total: 100, failed: 2 }, 'degraded_performance'],
    ['timeouts count as failures', { total: 100, timeouts: 2 }, 'degraded_performance'],
    ['9 % bad', { total: 100, failed: 5, timeouts: 4 }, 'degraded_performance'],
    ['10 % bad: partial outage', { total: 100, failed: 10 }, 'partial_outage'],
    ['49 % bad', { total: 100, failed: 49 }, 'partial_outage'],
    ['half bad: major outage', { total: 2, failed: 1 }, 'major_outage'],
    ['one call, failed', { total: 1, failed: 1 }, 'major_outage'],
    ['one call, timed out', { total: 1, timeouts: 1 }, 'major_outage'],
    ['a quarter of the answers slow: degraded', { total: 8, slow: 2 }, 'degraded_performance'],
    ['a few slow answers', { total: 10, slow: 2 }, 'operational'],
    ['slowness never makes an outage', { total: 10, slow: 10 }, 'degraded_performance'],
    ['webhook lag under a minute', { total: 1, lagMs: 59_999 }, 'operational'],
    ['webhook lag of a minute: degraded', { total: 1, lagMs: 60_000 }, 'degraded_performance'],
    ['webhook lag of 5 minutes: partial', { total: 1, lagMs: 300_000 }, 'partial_outage'],
    ['webhook lag of 15 minutes: major', { total: 1, lagMs: 900_000 }, 'major_outage'],
    ['the worse of rate and lag', { total: 100, failed: 60, lagMs: 60_000 }, 'major_outage'],
  ])('%s', (_name, s, expected) => {
    expect(classify(sig(s))).toBe(expected);
  });

  it('the thresholds are the documented ones', () => {
    expect(THRESHOLDS).toEqual({
      bad: { degraded_performance: 0.02, partial_outage: 0.1, major_outage: 0.5 },
      slow: { degraded_performance: 0.25 },
      lagMs: { degraded_performance: 60_000, partial_outage: 300_000, major_outage: 900_000 },
    });
  });
});

describe('a component now, and the platform', () => {
  it.each<[ReturnType<typeof classify>, Parameters<typeof currentStatus>[1], boolean, ComponentStatus | null]>([
    [null, null, false, null],
    ['operational', null, false, 'operational'],
    [null, 'partial_outage', false, 'partial_outage'],
    ['operational', 'major_outage', false, 'major_outage'],
    ['major_outage', 'degraded_performance', false, 'major_outage'],
    ['major_outage', 'major_outage', true, 'under_maintenance'],
    [null, null, true, 'under_maintenance'],
  ])('signals %s, declared %s, maintenance %s → %s', (signal, declared, maintenance, expected) => {
    expect(currentStatus(signal, declared, maintenance)).toBe(expected);
  });

  it.each<[Array<ComponentStatus | null>, ComponentStatus]>([
    [[], 'operational'],
    [[null, null], 'operational'],
    [['operational', null], 'operational'],
    [['operational', 'under_maintenance'], 'under_maintenance'],
    [['under_maintenance', 'degraded_performance'], 'degraded_performance'],
    [['partial_outage', 'degraded_performance', 'operational'], 'partial_outage'],
    [['partial_outage', 'major_outage', 'under_maintenance'], 'major_outage'],
  ])('overall of %j is %s', (states, expected) => {
    expect(overallStatus(states)).toBe(expected);
  });
});

describe('a day bar from its minutes', () => {
  it.each<[string, Partial<MinuteCounts>, ComponentStatus | null, number | null]>([
    ['no data at all: missing, not up', { noData: 1440 }, null, null],
    ['all operational', { operational: 1440 }, 'operational', 100],
    ['no data does not count against', { operational: 60, noData: 1380 }, 'operational', 100],
    ['2 bad minutes of 1440 (99.86 %)', { operational: 1438, major: 2 }, 'operational', 99.86],
    ['3 bad minutes of 1440 (99.79 %)', { operational: 1437, partial: 3 }, 'degraded_performance', 99.79],
    ['degraded minutes count as up for uptime', { operational: 1000, degraded: 440 }, 'degraded_performance', 100],
    ['95 % up', { operational: 95, major: 5 }, 'degraded_performance', 95],
    ['94 % up', { operational: 94, major: 6 }, 'partial_outage', 94],
    ['51 % up', { operational: 51, major: 49 }, 'partial_outage', 51],
    ['50 % up: major', { operational: 50, partial: 50 }, 'major_outage', 50],
    ['all down', { major: 1440 }, 'major_outage', 0],
    ['up with some maintenance', { operational: 1380, maintenance: 60 }, 'under_maintenance', 100],
    ['only maintenance', { maintenance: 60, noData: 1380 }, 'under_maintenance', null],
    ['maintenance is left out of uptime', { operational: 50, major: 50, maintenance: 1340 }, 'major_outage', 50],
    ['uptime is rounded down (never 100 unless all up)', { operational: 99_999, major: 1 }, 'operational', 99.99],
  ])('%s', (_name, c, status, uptime) => {
    expect(periodStatus(minutes(c))).toEqual({ status, uptime });
  });

  it('the day thresholds are the documented ones', () => {
    expect(DAY_THRESHOLDS).toEqual({ operational: 0.998, degraded_performance: 0.95, partial_outage: 0.5 });
  });
});
