import { ApiError } from '../errors.js';

/**
 * Runs one provider call with its own deadline: the AbortSignal stops the provider's HTTP call, and the
 * timer settles the answer at the deadline even if an adapter ignores the signal, so a slow provider never
 * costs more than `ms`. One promise and one timer per call (this runs once per provider on every quote).
 */
export function withProviderTimeout<T>(provider: string, ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
      reject(new ApiError('PROVIDER_TIMEOUT', `${provider} did not answer within ${ms} ms`));
    }, ms);
    const settle = () => clearTimeout(timer);
    let call: Promise<T>;
    try {
      call = Promise.resolve(fn(controller.signal));
    } catch (err) {
      settle();
      return reject(err);
    }
    call.then(
      (v) => {
        settle();
        resolve(v);
      },
      (e: unknown) => {
        settle();
        reject(e);
      },
    );
  });
}
