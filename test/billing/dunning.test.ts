import { describe, expect, it } from 'vitest';
import { dueDunningSteps, dunningSchedule, nextDunningStep, type DunningProgress } from '../../src/billing/dunning.js';

const DAY = 86_400_000;
const due = Date.parse('2026-03-10T00:00:00.000Z');
const fresh: DunningProgress = { dueAt: due, paid: false, voided: false, pastDueAt: null, reminder1At: null, reminder2At: null };

describe('dunning', () => {
  it('schedules past due at the due date, reminders 1 and 3 days after, cancel 7 days after', () => {
    expect(dunningSchedule(due)).toEqual([
      { kind: 'past_due', at: due },
      { kind: 'reminder_1', at: due + DAY },
      { kind: 'reminder_2', at: due + 3 * DAY },
      { kind: 'cancel', at: due + 7 * DAY },
    ]);
  });

  it.each([
    ['nothing done', {}, 'past_due'],
    ['past due recorded', { pastDueAt: due }, 'reminder_1'],
    ['first reminder sent', { pastDueAt: due, reminder1At: due + DAY }, 'reminder_2'],
    ['both reminders sent', { pastDueAt: due, reminder1At: due + DAY, reminder2At: due + 3 * DAY }, 'cancel'],
    ['paid', { paid: true }, null],
    ['voided', { voided: true, pastDueAt: due }, null],
  ] as Array<[string, Partial<DunningProgress>, string | null]>)('next step when %s: %s', (_, patch, kind) => {
    expect(nextDunningStep({ ...fresh, ...patch })?.kind ?? null).toBe(kind);
  });

  it.each([
    [-1, []],
    [0, ['past_due']],
    [DAY - 1, ['past_due']],
    [DAY, ['past_due', 'reminder_1']],
    [3 * DAY, ['past_due', 'reminder_1', 'reminder_2']],
    [7 * DAY - 1, ['past_due', 'reminder_1', 'reminder_2']],
    [7 * DAY, ['past_due', 'reminder_1', 'reminder_2', 'cancel']],
    [70 * DAY, ['past_due', 'reminder_1', 'reminder_2', 'cancel']],
  ] as Array<[number, string[]]>)('due at due date + %i ms: %j, in order', (offset, kinds) => {
    expect(dueDunningSteps(fresh, due + offset).map((s) => s.kind)).toEqual(kinds);
  });

  it('skips steps already done and runs none for a paid invoice', () => {
    expect(dueDunningSteps({ ...fresh, pastDueAt: due, reminder1At: due + DAY }, due + 8 * DAY).map((s) => s.kind)).toEqual(['reminder_2', 'cancel']);
    expect(dueDunningSteps({ ...fresh, paid: true }, due + 8 * DAY)).toEqual([]);
  });
});
