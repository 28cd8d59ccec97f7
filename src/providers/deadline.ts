import { ApiError } from '../errors.js';

/** A provider call stopped because its caller no longer wanted the answer: not a failure of the provider. */
export class CallCanceled extends Error {
  constructor(readonly provider: string) {
    super(`${provider}: call canceled by the caller`);
    this.name = 'CallCanceled';
  }
}

/**
 * Runs one provider call with its own deadline: the AbortSignal stops the provider's HTTP call, and the
 * timer settles the answer at the deadline even if an adapter ignores the signal, so a slow provider never
 * costs more than `ms`. One promise and one timer per call (this runs once per provider on every quote).
 */
export function withProviderTimeout<T>(provider: string, ms: number, fn: (signal: AbortSignal) => Promise<T>, cancel?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
      reject(new ApiError('PROVIDER_TIMEOUT', `${provider} did not answer within ${ms} ms`));
    }, ms);
    // The caller no longer wants the answer (a streamed quote's client left, a one-shot answered early): stop the call.
    const canceled = () => {
      clearTimeout(timer);
      controller.abort();
      reject(new CallCanceled(provider));
    };
    if (cancel?.aborted) return canceled();
    cancel?.addEventListener('abort', canceled, { once: true });
    const settle = () => {
      clearTimeout(timer);
      cancel?.removeEventListener('abort', canceled);
    };
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
