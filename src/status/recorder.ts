import { API_COMPONENT } from './components.js';
import type { Signals } from './classify.js';
import { MINUTE_MS, type MinuteSample, minuteOf } from './rollup.js';

/** How one observation ended: answered (in time or slowly), failed, or timed out. */
export type Outcome = 'ok' | 'failed' | 'timeout';

/** Minutes kept in memory while the database cannot take them (per component); older ones are dropped. */
const MAX_PENDING = 20_000;
/** Most lag an INTEGER column holds (24 days): lags beyond are recorded as this. */
const MAX_LAG_MS = 2_000_000_000;

/**
 * The signal counts this instance gathered and has not written yet, per component and minute. API responses take
 * a path of their own: two counters for the current minute, bumped without allocating (it runs once per request);
 * they join the others when the minute changes or at the next write.
 */
export class SignalRecorder {
  private apiMinute = 0;
  private apiTotal = 0;
  private apiFailed = 0;
  private pending = new Map<string, MinuteSample>();

  constructor(
    private readonly now: () => number,
    private readonly slowMs: number,
  ) {}

  /**
   * One answered HTTP request. A 5xx counts as failed except 502 and 504: those name an upstream (a provider) that
   * failed, which its own component shows, not the API.
   */
  response(status: number): void {
    const t = this.now();
    if (t - this.apiMinute >= MINUTE_MS || t < this.apiMinute) {
      this.moveApi();
      this.apiMinute = minuteOf(t);
    }
    this.apiTotal++;
    if (status >= 500 && status !== 502 && status !== 504) this.apiFailed++;
  }

  /** One observation of a component: `ms` decides slowness, `lagMs` is the worst lag seen (webhooks). */
  observe(component: string, outcome: Outcome, ms?: number, lagMs?: number): void {
    const s = this.slot(component, minuteOf(this.now()));
    s.total++;
    if (outcome === 'failed') s.failed++;
    else if (outcome === 'timeout') s.timeouts++;
    else if (ms !== undefined && ms > this.slowMs) s.slow++;
    if (lagMs !== undefined) s.lagMs = Math.max(s.lagMs, Math.min(MAX_LAG_MS, Math.round(lagMs)));
  }

  /** Everything gathered so far, handed over to be written (and forgotten here). */
  take(): MinuteSample[] {
    this.moveApi();
    const out = [...this.pending.values()];
    this.pending.clear();
    return out;
  }

  /** Puts back what could not be written (added to what came meanwhile), keeping the newest minutes within bounds. */
  restore(samples: readonly MinuteSample[]): void {
    for (const m of samples) {
      const s = this.slot(m.component, m.minute);
      s.total += m.signals.total;
      s.failed += m.signals.failed;
      s.timeouts += m.signals.timeouts;
      s.slow += m.signals.slow;
      s.lagMs = Math.max(s.lagMs, m.signals.lagMs);
    }
    if (this.pending.size > MAX_PENDING) {
      const keep = [...this.pending.entries()].sort((a, b) => b[1].minute - a[1].minute).slice(0, MAX_PENDING);
      this.pending = new Map(keep);
    }
  }

  private moveApi() {
    if (this.apiTotal === 0) return;
    const s = this.slot(API_COMPONENT, this.apiMinute);
    s.total += this.apiTotal;
    s.failed += this.apiFailed;
    this.apiTotal = 0;
    this.apiFailed = 0;
  }

  private slot(component: string, minute: number): Signals {
    const key = `${component}|${minute}`;
    let m = this.pending.get(key);
    if (!m) {
      m = { component, minute, signals: { total: 0, failed: 0, timeouts: 0, slow: 0, lagMs: 0 } };
      this.pending.set(key, m);
    }
    return m.signals;
  }
}
