import { setMaxListeners } from 'node:events';
import type { Logger } from '../log.js';
import { inSpan } from '../trace.js';

export interface Job {
  name: string;
  /** Milliseconds until the next run; the job may return its own delay (e.g. backoff when idle). */
  intervalMs: number;
  run(signal: AbortSignal): Promise<number | undefined> | Promise<void>;
  /** After stop() aborted the runs: waits for work a run started and left going (webhook deliveries in flight). */
  drain?(): Promise<void>;
}

/** Timers the runner schedules with; tests pass a controllable one. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const systemTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** One finished run of a job, as observers see it (metrics: wired in src/services.ts). */
export interface JobRun {
  job: string;
  /** `failed`: the run threw (and was logged); a run cut short by stop() is neither and is not reported. */
  outcome: 'ok' | 'failed';
  ms: number;
}

interface Slot {
  job: Job;
  timer?: unknown;
  running?: Promise<void>;
  /** A wake-up arrived during the run: run once more right after it, whatever delay the run asked for. */
  woken: boolean;
}

/**
 * Runs periodic jobs (pollers, schedulers, queue workers) one run at a time each. `kick` runs a job now; a kick
 * that arrives while the job runs is remembered and the job runs again as soon as that run ends, so work
 * committed mid-run is never left to the next tick. A run that throws is logged and retried after the interval;
 * stop() aborts the current runs and waits for them (and what they left in flight) to finish.
 */
export class JobRunner {
  private slots = new Map<string, Slot>();
  private abort = new AbortController();
  private started = false;
  private observers: Array<(run: JobRun) => void> = [];

  constructor(
    private log: Logger,
    private timers: Timers = systemTimers,
  ) {
    // Every run's calls in flight listen on the one stop signal (a poller's batch: a listener per call), more than
    // Node's default of 10 before it warns of a leak; each call removes its listener when it ends.
    setMaxListeners(0, this.abort.signal);
  }

  add(job: Job) {
    if (this.slots.has(job.name)) throw new Error(`job ${job.name} is already added`);
    const slot: Slot = { job, woken: false };
    this.slots.set(job.name, slot);
    if (this.started) this.schedule(slot, 0);
  }

  start() {
    if (this.started) return;
    this.started = true;
    for (const slot of this.slots.values()) this.schedule(slot, 0);
  }

  /** Every finished run (metrics). Observers must not throw; one that does is logged. */
  observe(observer: (run: JobRun) => void) {
    this.observers.push(observer);
  }

  /** Names of the jobs added (what this instance runs). */
  names(): string[] {
    return [...this.slots.keys()];
  }

  /** Runs a job now (e.g. right after an order is reported) instead of waiting for its tick; mid-run, right after the run. */
  kick(name: string) {
    const slot = this.slots.get(name);
    if (!slot || !this.started || this.abort.signal.aborted) return;
    if (slot.running) slot.woken = true;
    else this.schedule(slot, 0);
  }

  private schedule(slot: Slot, delay: number) {
    if (slot.timer !== undefined) this.timers.clear(slot.timer);
    slot.timer = this.timers.set(() => {
      slot.timer = undefined;
      if (!this.abort.signal.aborted) slot.running = this.runOnce(slot);
    }, delay);
  }

  private async runOnce(slot: Slot): Promise<void> {
    slot.woken = false;
    let next = slot.job.intervalMs;
    const started = performance.now();
    let outcome: JobRun['outcome'] = 'ok';
    try {
      // A span per run (when tracing is on): what the run does (queries, provider calls, webhook attempts) nests in it.
      const r = await inSpan(
        `job ${slot.job.name}`,
        () => ({ 'job.name': slot.job.name }),
        (): Promise<unknown> => slot.job.run(this.abort.signal),
      );
      if (typeof r === 'number') next = r;
    } catch (err) {
      outcome = 'failed';
      if (!this.abort.signal.aborted) this.log.error({ err, job: slot.job.name }, 'job run failed');
    } finally {
      if (!this.abort.signal.aborted && this.observers.length) this.report({ job: slot.job.name, outcome, ms: performance.now() - started });
      slot.running = undefined;
      if (!this.abort.signal.aborted) this.schedule(slot, slot.woken ? 0 : next);
    }
  }

  private report(run: JobRun) {
    for (const o of this.observers) {
      try {
        o(run);
      } catch (err) {
        this.log.warn({ err }, 'job run observer failed');
      }
    }
  }

  async stop() {
    this.abort.abort();
    for (const slot of this.slots.values()) if (slot.timer !== undefined) this.timers.clear(slot.timer);
    await Promise.allSettled([...this.slots.values()].map((s) => s.running));
    await Promise.allSettled([...this.slots.values()].map((s) => s.job.drain?.()));
  }
}
