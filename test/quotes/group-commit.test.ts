import { describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../../src/quotes/group-commit.js';

/** A write the test settles by hand, recording the rows of every statement. */
function harness(maxInFlight: number, maxRows = 64) {
  const statements: { rows: number[]; settle(err?: Error): void }[] = [];
  const gc = new GroupCommit<number>({
    maxInFlight,
    maxRows,
    timeoutMs: 60_000,
    write: (rows) => new Promise<void>((resolve, reject) => statements.push({ rows, settle: (err) => (err ? reject(err) : resolve()) })),
  });
  return { gc, statements };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('sends at once while the database keeps up, and batches what arrives while it is busy', async () => {
    const { gc, statements } = harness(2);
    const settled: number[] = [];
    const add = (n: number) => gc.add(n).then(() => settled.push(n));
    const a = [add(1), add(2)];
    expect(statements.map((s) => s.rows)).toEqual([[1], [2]]); // two on their way, no wait
    const b = [add(3), add(4), add(5)];
    expect(statements).toHaveLength(2);
    expect(gc.waiting).toBe(3);
    statements[0].settle();
    await tick();
    expect(settled).toEqual([1]);
    expect(statements[2].rows).toEqual([3, 4, 5]); // one statement for all that waited
    statements[1].settle();
    statements[2].settle();
    await Promise.all([...a, ...b]);
    expect(settled.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(gc.waiting).toBe(0);
  });

  it('a failed statement rejects exactly its own callers and the next statements still go out', async () => {
    const { gc, statements } = harness(1);
    const first = gc.add(1);
    const waiting = [gc.add(2), gc.add(3)];
    const boom = new Error('insert failed');
    statements[0].settle(boom);
    await expect(first).rejects.toBe(boom);
    await tick();
    expect(statements[1].rows).toEqual([2, 3]);
    statements[1].settle();
    await expect(Promise.all(waiting)).resolves.toEqual([undefined, undefined]);
  });

  it('a write that throws instead of rejecting fails its callers the same way', async () => {
    let calls = 0;
    const gc = new GroupCommit<number>({
      maxInFlight: 1,
      maxRows: 8,
      timeoutMs: 60_000,
      write: () => {
        if (calls++ === 0) throw new Error('bad statement');
        return Promise.resolve();
      },
    });
    await expect(gc.add(1)).rejects.toThrow('bad statement');
    await expect(gc.add(2)).resolves.toBeUndefined();
  });

  it('a statement that does not return in time fails its callers and frees its slot; its late answer changes nothing', async () => {
    vi.useFakeTimers();
    try {
      const statements: { rows: number[]; settle(): void }[] = [];
      const gc = new GroupCommit<number>({
        maxInFlight: 1,
        maxRows: 8,
        timeoutMs: 5_000,
        write: (rows) => new Promise<void>((resolve) => statements.push({ rows, settle: resolve })),
      });
      const hung = gc.add(1);
      const next = gc.add(2);
      const failed = expect(hung).rejects.toThrow('write did not return within 5000 ms');
      await vi.advanceTimersByTimeAsync(5_000);
      await failed;
      expect(statements.map((s) => s.rows)).toEqual([[1], [2]]); // the slot went to the next statement
      statements[0].settle(); // the hung one returns late: nothing is settled twice, no slot is freed twice
      statements[1].settle();
      await expect(next).resolves.toBeUndefined();
      const after = [gc.add(3), gc.add(4)];
      expect(statements.map((s) => s.rows)).toEqual([[1], [2], [3]]); // still one at a time
      statements[2].settle();
      await vi.advanceTimersByTimeAsync(0);
      statements[3].settle();
      await Promise.all(after);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps statements to maxRows rows', async () => {
    const { gc, statements } = harness(1, 3);
    const all = [1, 2, 3, 4, 5, 6, 7].map((n) => gc.add(n));
    expect(statements.map((s) => s.rows)).toEqual([[1]]);
    statements[0].settle();
    await tick();
    expect(statements.map((s) => s.rows)).toEqual([[1], [2, 3, 4]]);
    statements[1].settle();
    await tick();
    expect(statements[2].rows).toEqual([5, 6, 7]);
    statements[2].settle();
    await Promise.all(all);
  });

  it('refuses limits below one', () => {
    expect(() => new GroupCommit({ write: async () => {}, maxInFlight: 0, maxRows: 1, timeoutMs: 1 })).toThrow(RangeError);
    expect(() => new GroupCommit({ write: async () => {}, maxInFlight: 1, maxRows: 0, timeoutMs: 1 })).toThrow(RangeError);
    expect(() => new GroupCommit({ write: async () => {}, maxInFlight: 1, maxRows: 1, timeoutMs: 0 })).toThrow(RangeError);
  });
});
