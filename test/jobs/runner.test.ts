import { describe, expect, it } from 'vitest';
import { JobRunner, type Job, type Timers } from '../../src/jobs/runner.js';
import { createLogger } from '../../src/log.js';

/** Timers that fire only when the test says so: what is scheduled, and with which delay, is all visible. */
class FakeTimers implements Timers {
  private pending = new Map<number, { fn: () => void; ms: number }>();
  private seq = 0;
  set(fn: () => void, ms: number) {
    this.pending.set(++this.seq, { fn, ms });
    return this.seq;
  }
  clear(handle: unknown) {
    this.pending.delete(handle as number);
  }
  delays(): number[] {
    return [...this.pending.values()].map((p) => p.ms);
  }
  fire() {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const p of due) p.fn();
  }
}

/** Lets promise callbacks run (no time passes: nothing here waits on a clock). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A job whose runs end when the test ends them: with a delay, with nothing (the interval), or with an error. */
function gatedJob(intervalMs = 1000) {
  const runs: Array<{ end: (r?: number) => void; fail: (e: Error) => void }> = [];
  let drained = 0;
  const job: Job = {
    name: 'gated',
    intervalMs,
    run: () => new Promise<number | undefined>((end, fail) => runs.push({ end, fail })),
    drain: async () => void drained++,
  };
  return { job, runs, drained: () => drained };
}

type Step = 'start' | 'fire' | 'kick' | 'end' | 'end 50' | 'fail' | 'stop';

interface Row {
  name: string;
  steps: Step[];
  /** Runs started. */
  runs: number;
  /** Delays of the timers scheduled once the steps are done. */
  timers: number[];
}

const rows: Row[] = [
  { name: 'start runs each job at once', steps: ['start'], runs: 0, timers: [0] },
  { name: 'the first run starts when its timer fires', steps: ['start', 'fire'], runs: 1, timers: [] },
  { name: 'a run that ends without a delay waits the interval', steps: ['start', 'fire', 'end'], runs: 1, timers: [1000] },
  { name: 'a run that returns a delay waits that delay', steps: ['start', 'fire', 'end 50'], runs: 1, timers: [50] },
  { name: 'a kick while idle runs the job now', steps: ['start', 'fire', 'end', 'kick'], runs: 1, timers: [0] },
  { name: 'a kicked idle job runs when the timer fires', steps: ['start', 'fire', 'end', 'kick', 'fire'], runs: 2, timers: [] },
  { name: 'a kick during a run is remembered: the next run is at once', steps: ['start', 'fire', 'kick', 'end'], runs: 1, timers: [0] },
  { name: 'a remembered kick beats the delay the run returned', steps: ['start', 'fire', 'kick', 'end 50'], runs: 1, timers: [0] },
  { name: 'the remembered kick leads to exactly one more run', steps: ['start', 'fire', 'kick', 'end', 'fire', 'end'], runs: 2, timers: [1000] },
  { name: 'several kicks during a run make one more run, not several', steps: ['start', 'fire', 'kick', 'kick', 'kick', 'end', 'fire'], runs: 2, timers: [] },
  { name: 'a kick is remembered across a failed run too', steps: ['start', 'fire', 'kick', 'fail'], runs: 1, timers: [0] },
  { name: 'a failed run is retried after the interval', steps: ['start', 'fire', 'fail'], runs: 1, timers: [1000] },
  { name: 'a kick before start does nothing (start runs everything)', steps: ['kick'], runs: 0, timers: [] },
  { name: 'after stop nothing is scheduled, kicks included', steps: ['start', 'fire', 'end', 'stop', 'kick', 'fire'], runs: 1, timers: [] },
  { name: 'a run that ends after stop schedules nothing', steps: ['start', 'fire', 'kick', 'stop', 'end'], runs: 1, timers: [] },
];

describe('JobRunner wake-ups', () => {
  it.each(rows)('$name', async ({ steps, runs, timers }) => {
    const t = new FakeTimers();
    const runner = new JobRunner(createLogger('silent'), t);
    const g = gatedJob();
    runner.add(g.job);
    const stops: Array<Promise<void>> = [];
    for (const step of steps) {
      if (step === 'start') runner.start();
      else if (step === 'fire') t.fire();
      else if (step === 'kick') runner.kick('gated');
      else if (step === 'end') g.runs.at(-1)!.end();
      else if (step === 'end 50') g.runs.at(-1)!.end(50);
      else if (step === 'fail') g.runs.at(-1)!.fail(new Error('boom'));
      else if (step === 'stop') stops.push(runner.stop());
      await settle();
    }
    expect(g.runs).toHaveLength(runs);
    expect(t.delays()).toEqual(timers);
    await Promise.all(stops);
  });

  it('stop waits for the run in progress, then drains what the job left in flight', async () => {
    const t = new FakeTimers();
    const runner = new JobRunner(createLogger('silent'), t);
    const g = gatedJob();
    runner.add(g.job);
    runner.start();
    t.fire();
    await settle();
    let stopped = false;
    const stop = runner.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    expect(g.drained()).toBe(0);
    g.runs[0]!.end();
    await stop;
    expect(g.drained()).toBe(1);
  });

  it('kicks name one job: others keep their own schedule; unknown names and duplicate jobs are refused or ignored', async () => {
    const t = new FakeTimers();
    const runner = new JobRunner(createLogger('silent'), t);
    const a = gatedJob(1000);
    const b = { ...gatedJob(2000), name: 'other' };
    runner.add(a.job);
    runner.add({ ...b.job, name: 'other' });
    expect(() => runner.add(a.job)).toThrow(/already added/);
    expect(runner.names()).toEqual(['gated', 'other']);
    runner.start();
    t.fire();
    await settle();
    a.runs[0]!.end();
    b.runs[0]!.end();
    await settle();
    expect(t.delays().sort()).toEqual([1000, 2000]);
    runner.kick('nobody');
    runner.kick('other');
    expect(t.delays().sort()).toEqual([0, 1000]);
    await runner.stop();
  });
});
