import { isApiError } from '../errors.js';
import { withProviderTimeout } from '../providers/deadline.js';
import type { Logger } from '../log.js';
import type { Provider, ProviderFailure, ProviderQuote, QuoteRequest } from '../providers/types.js';

/** Asks one provider with its own deadline (see withProviderTimeout): a slow provider never costs more than the timeout. */
export const quoteWithTimeout = (provider: Provider, req: QuoteRequest, timeoutMs: number, cancel?: AbortSignal): Promise<ProviderQuote> =>
  withProviderTimeout(provider.id, timeoutMs, (signal) => provider.quote(req, signal), cancel);

const FAILURE_CODES = new Set<ProviderFailure['code']>([
  'PROVIDER_ERROR',
  'PROVIDER_TIMEOUT',
  'RATE_LIMITED',
  'NO_ROUTE',
  'INVALID_PARAMS',
  'AMOUNT_TOO_SMALL',
  'AMOUNT_TOO_LARGE',
  'UNSUPPORTED_TOKEN',
  'SIMULATION_FAILED',
]);

/** A provider's failure as reported inside a successful quote response. Unexpected errors are logged, not shown. */
export function toFailure(provider: Provider, err: unknown, log: Logger): ProviderFailure {
  if (isApiError(err)) {
    if (FAILURE_CODES.has(err.code as ProviderFailure['code']))
      return { provider: provider.id, code: err.code as ProviderFailure['code'], message: err.message };
    if (err.code === 'UNSUPPORTED_CHAIN') return { provider: provider.id, code: 'NO_ROUTE', message: err.message };
    return { provider: provider.id, code: 'PROVIDER_ERROR', message: err.message };
  }
  log.error({ err, provider: provider.id }, 'provider adapter threw an unexpected error');
  return { provider: provider.id, code: 'PROVIDER_ERROR', message: `${provider.id} failed unexpectedly` };
}

/**
 * One provider quote call as observers see it (status signals, metrics; wired in src/services.ts). `ok`: a quote;
 * `timeout`: PROVIDER_TIMEOUT; `rate_limited`: the provider's 429; `declined`: an answer about the request (no
 * route, amount bounds, unknown token: the provider is healthy); `error`: anything else (5xx, malformed, unexpected).
 */
export interface ProviderCall {
  provider: string;
  outcome: 'ok' | 'timeout' | 'rate_limited' | 'declined' | 'error';
  ms: number;
  /** The error code, when the call failed. */
  code?: string;
}

const DECLINED = new Set(['NO_ROUTE', 'INVALID_PARAMS', 'AMOUNT_TOO_SMALL', 'AMOUNT_TOO_LARGE', 'UNSUPPORTED_TOKEN', 'UNSUPPORTED_CHAIN', 'SIMULATION_FAILED']);

/** How a failed provider call counts for health (pure). */
export function failedCallOutcome(err: unknown): { outcome: Exclude<ProviderCall['outcome'], 'ok'>; code: string } {
  if (!isApiError(err)) return { outcome: 'error', code: 'INTERNAL' };
  if (err.code === 'PROVIDER_TIMEOUT') return { outcome: 'timeout', code: err.code };
  if (err.code === 'RATE_LIMITED') return { outcome: 'rate_limited', code: err.code };
  if (DECLINED.has(err.code)) return { outcome: 'declined', code: err.code };
  return { outcome: 'error', code: err.code };
}

/** Canonical text of a provider request: identical requests have identical keys (DataLoader dedupe). */
export function requestKey(providerId: string, req: QuoteRequest): string {
  return `${providerId}|${requestText(req)}`;
}

// A fan-out asks every provider with the same request object: serialise it once, not once per provider.
// Requests are never changed after the fan-out starts, so the text stays true for the object's lifetime.
const texts = new WeakMap<QuoteRequest, string>();
function requestText(req: QuoteRequest): string {
  let t = texts.get(req);
  if (t === undefined) {
    t = JSON.stringify(req, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    texts.set(req, t);
  }
  return t;
}
