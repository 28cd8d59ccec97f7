import type { Logger } from '../log.js';

export interface Job {
  name: string;
  /** Milliseconds until the next run; the job may return its own delay (e.g. backoff when idle). */
  intervalMs: number;
  run(signal: AbortSignal): Promise<number | undefined> | Promise<void>;
}

/**
 * Runs periodic jobs (pollers, schedulers) one run at a time each. A run that throws is logged and
 * retried on the next tick; stop() aborts the current runs and waits for them to finish.
 */
export class JobRunner {
  private jobs: Job[] = [];
  private timers = new Map<string, NodeJS.Timeout>();
  private running = new Map<string, Promise<void>>();
  private abort = new AbortController();
  private started = false;

  constructor(private log: Logger) {}

  add(job: Job) {
    this.jobs.push(job);
    if (this.started) this.schedule(job, 0);
  }

  start() {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs) this.schedule(job, 0);
  }

  /** Runs a job now (e.g. right after an order is reported) instead of waiting for its tick. */
  /** Names of the jobs added (what this instance runs). */
  names(): string[] {
    return this.jobs.map((j) => j.name);
  }

  kick(name: string) {
    const job = this.jobs.find((j) => j.name === name);
    if (job && this.started && !this.running.has(name)) this.schedule(job, 0);
  }

  private schedule(job: Job, delay: number) {
    clearTimeout(this.timers.get(job.name));
    const t = setTimeout(() => {
      if (this.abort.signal.aborted) return;
      const p = (async () => {
        let next = job.intervalMs;
        try {
          const r = await job.run(this.abort.signal);
          if (typeof r === 'number') next = r;
        } catch (err) {
          if (!this.abort.signal.aborted) this.log.error({ err, job: job.name }, 'job run failed');
        } finally {
          this.running.delete(job.name);
          if (!this.abort.signal.aborted) this.schedule(job, next);
        }
      })();
      this.running.set(job.name, p);
    }, delay);
    t.unref();
    this.timers.set(job.name, t);
  }

  async stop() {
    this.abort.abort();
    for (const t of this.timers.values()) clearTimeout(t);
    await Promise.allSettled([...this.running.values()]);
  }
}
