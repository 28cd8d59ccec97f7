import { ApiError } from '../errors.js';

/**
 * GET a JSON document from a data source (token lists, price APIs) with a deadline. Transport failures,
 * non-2xx answers and unreadable bodies become PROVIDER_TIMEOUT / RATE_LIMITED / PROVIDER_ERROR naming the source.
 */
export async function fetchJson(
  source: string,
  url: URL | string,
  opts: { timeoutMs: number; headers?: Record<string, string | undefined>; signal?: AbortSignal },
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) if (v) headers[k] = v;
  const signal = AbortSignal.any([AbortSignal.timeout(opts.timeoutMs), ...(opts.signal ? [opts.signal] : [])]);
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { headers, signal, redirect: 'error' });
    text = await res.text();
  } catch (err) {
    if (signal.aborted) throw new ApiError('PROVIDER_TIMEOUT', `${source} did not answer in time`);
    throw new ApiError('PROVIDER_ERROR', `${source} could not be reached`, undefined, { cause: err });
  }
  if (res.status === 429) throw new ApiError('RATE_LIMITED', `${source} rate-limited the service`);
  if (!res.ok) throw new ApiError('PROVIDER_ERROR', `${source} answered HTTP ${res.status}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('PROVIDER_ERROR', `${source} answered with malformed JSON`);
  }
}

/** `base` + `path` keeping any path prefix of `base` (e.g. a proxy mount point). */
export function joinUrl(base: string, path: string): URL {
  return new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
}
