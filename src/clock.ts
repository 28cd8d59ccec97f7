/** Time source; tests swap in a controllable one (quote expiry, session expiry, retries). */
export interface Clock {
  now(): number; // epoch milliseconds
}
export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private t = Date.now()) {}
  now() {
    return this.t;
  }
  set(ms: number) {
    this.t = ms;
  }
  advance(ms: number) {
    this.t += ms;
  }
}
