import { ApiError } from '../errors.js';

/** Runs one provider call with its own deadline (AbortSignal for the HTTP call, a timer for the answer). */
export function withProviderTimeout<T>(provider: string, ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ApiError('PROVIDER_TIMEOUT', `${provider} did not answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([fn(controller.signal), deadline]).finally(() => clearTimeout(timer));
}
