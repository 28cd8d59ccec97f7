import type { Clock } from '../clock.js';

/**
 * In-memory cache with per-entry expiry read from the app clock (so tests can move time), a size bound
 * (oldest entries evicted first) and de-duplication of concurrent loads of the same key.
 */
export class TtlCache<V> {
  private entries = new Map<string, { value: V; expiresAt: number }>();
  private inflight = new Map<string, Promise<V>>();

  constructor(
    private clock: Clock,
    private ttlMs: number,
    private maxEntries = 50_000,
  ) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V, ttlMs = this.ttlMs) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock.now() + ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The cached value, or one load shared by every concurrent caller; a failed load is not cached. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    let p = this.inflight.get(key);
    if (!p) {
      p = load().then((v) => {
        this.set(key, v);
        return v;
      });
      const done = () => this.inflight.delete(key);
      p.then(done, done);
      this.inflight.set(key, p);
    }
    return p;
  }

  clear() {
    this.entries.clear();
  }
}
