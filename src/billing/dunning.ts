/**
 * Dunning: what happens to a period's invoice left unpaid, as a pure schedule. The invoice is due at `dueAt`;
 * past it the subscription is `past_due`; the customer is reminded 1 and 3 days after the due date; 7 days
 * after it the subscription is canceled and the invoice voided. Paying the invoice at any point before the
 * cancel ends its dunning (the remaining steps never run).
 */
import { addDays } from './periods.js';

export const DUNNING = { reminderDays: [1, 3] as const, cancelDays: 7 } as const;

export type DunningStepKind = 'past_due' | 'reminder_1' | 'reminder_2' | 'cancel';

export interface DunningStep {
  kind: DunningStepKind;
  at: number;
}

/** Every step of an invoice due at `dueAt`, in order. */
export function dunningSchedule(dueAt: number): DunningStep[] {
  return [
    { kind: 'past_due', at: dueAt },
    { kind: 'reminder_1', at: addDays(dueAt, DUNNING.reminderDays[0]) },
    { kind: 'reminder_2', at: addDays(dueAt, DUNNING.reminderDays[1]) },
    { kind: 'cancel', at: addDays(dueAt, DUNNING.cancelDays) },
  ];
}

/** What a period's row records of its dunning so far. */
export interface DunningProgress {
  dueAt: number;
  paid: boolean;
  voided: boolean;
  pastDueAt: number | null;
  reminder1At: number | null;
  reminder2At: number | null;
}

/**
 * The next dunning step of one unpaid period (whether due yet or not), or null when there is none left (paid,
 * voided, or every step done). Steps run strictly in order: a step is next only when every earlier one ran.
 */
export function nextDunningStep(p: DunningProgress): DunningStep | null {
  if (p.paid || p.voided) return null;
  const done: Record<DunningStepKind, boolean> = {
    past_due: p.pastDueAt !== null,
    reminder_1: p.reminder1At !== null,
    reminder_2: p.reminder2At !== null,
    cancel: false,
  };
  return dunningSchedule(p.dueAt).find((s) => !done[s.kind]) ?? null;
}

/** The steps due at `now`, in order (what a scheduler that fell behind runs in one pass). */
export function dueDunningSteps(p: DunningProgress, now: number): DunningStep[] {
  if (p.paid || p.voided) return [];
  const out: DunningStep[] = [];
  let cur = { ...p };
  for (;;) {
    const s = nextDunningStep(cur);
    if (!s || s.at > now) return out;
    out.push(s);
    if (s.kind === 'cancel') return out;
    cur = {
      ...cur,
      pastDueAt: s.kind === 'past_due' ? s.at : cur.pastDueAt,
      reminder1At: s.kind === 'reminder_1' ? s.at : cur.reminder1At,
      reminder2At: s.kind === 'reminder_2' ? s.at : cur.reminder2At,
    };
  }
}
