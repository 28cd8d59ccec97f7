import type { z } from 'zod';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { Agent, request } from 'undici';
import { ApiError } from '../errors.js';
import type { ProviderId } from './types.js';

export interface ProviderFetchOptions {
  provider: ProviderId;
  signal: AbortSignal;
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
}

export interface ProviderResponse {
  status: number;
  json: unknown;
}

/**
 * Provider calls go through undici's `request` on one keep-alive agent rather than global `fetch`: the
 * quote path makes one call per provider per quote, and `request` skips fetch's WHATWG stream and Headers
 * machinery (about half the CPU per call; see bench/quote-fanout.ts). Redirects are never followed.
 * Unlike fetch, `request` neither asks for nor undoes compression, so both are done here (gzip, deflate, br),
 * and no answer, compressed or not, may exceed MAX_RESPONSE_BYTES.
 */
export const MAX_RESPONSE_BYTES = 32 * 2 ** 20;
// Idle connections are dropped after 4 s (fetch's default), before most servers' own keep-alive timeouts.
const agent = new Agent({ keepAliveTimeout: 4_000, maxResponseSize: MAX_RESPONSE_BYTES });
/** Some provider edges (WAFs) refuse requests that carry no user agent. */
const USER_AGENT = 'swapgate/0.1 (+server-side quote aggregation)';
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * undici's `request` with its `signal` obeyed at once. On its own, `request` settles an abort only when the
 * connection it waits for has been made or has failed (nodejs/undici#386): a host whose name does not resolve, or
 * whose address does not answer, held the call for the agent's connect timeout (10 s), past the caller's deadline,
 * and a job run on it held a shutdown as long. This rejects at the abort; undici drops the request when its
 * connection attempt ends, and an answer that still comes is discarded.
 */
export function requestUntilAborted(...[url, options]: Parameters<typeof request>): ReturnType<typeof request> {
  const signal = options?.signal as AbortSignal | undefined;
  const call = request(url, options);
  if (!signal) return call;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    call.then(
      (res) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) res.body.destroy();
        else resolve(res);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
    if (signal.aborted) onAbort();
  });
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

/**
 * Undoes the content codings of a body (listed in the order they were applied); undefined for an unknown one. Output
 * beyond `maxBytes` rejects with an error `isDecodeOverflow` recognises.
 */
export async function decodeBody(raw: Buffer, contentEncoding: string | string[] | undefined, maxBytes = MAX_RESPONSE_BYTES): Promise<Buffer | undefined> {
  const codings = (Array.isArray(contentEncoding) ? contentEncoding.join(',') : (contentEncoding ?? ''))
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  let body = raw;
  const limit = { maxOutputLength: maxBytes };
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') body = await gunzip(body, limit);
    else if (coding === 'deflate') body = await inflate(body, limit);
    else if (coding === 'br') body = await brotli(body, limit);
    else return undefined;
  }
  return body;
}

/** Whether decodeBody rejected because the decoded body would exceed its `maxBytes` (zlib's two ways of saying so). */
export const isDecodeOverflow = (err: unknown): boolean => (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError;

const timeout = (provider: ProviderId) => new ApiError('PROVIDER_TIMEOUT', `${provider} did not answer in time`);
const tooLarge = (provider: ProviderId) => new ApiError('PROVIDER_ERROR', `${provider} answered with more than ${MAX_RESPONSE_BYTES / 2 ** 20} MiB`);

/**
 * One HTTP call to a provider's real API. Transport problems become our codes:
 * abort/timeout → PROVIDER_TIMEOUT, 429 → RATE_LIMITED, 3xx/5xx → PROVIDER_ERROR, unreadable JSON → PROVIDER_ERROR.
 * 4xx answers are returned to the adapter, whose errors.ts reads the provider's error body and maps it through
 * its error table (src/providers/error-table.ts).
 */
export async function providerFetch(baseUrl: string, path: string, o: ProviderFetchOptions): Promise<ProviderResponse> {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING, 'user-agent': USER_AGENT };
  for (const [k, v] of Object.entries(o.headers ?? {})) if (v !== undefined) headers[k] = v;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.signal.aborted) throw timeout(o.provider);
  let status: number;
  let text: string;
  try {
    const res = await requestUntilAborted(url, {
      dispatcher: agent,
      method: o.method ?? (o.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
      signal: o.signal,
    });
    status = res.statusCode;
    let raw: Buffer;
    try {
      raw = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      if (o.signal.aborted) throw timeout(o.provider);
      if ((err as { code?: string }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') throw tooLarge(o.provider);
      throw new ApiError('PROVIDER_ERROR', `${o.provider} closed the connection`, undefined, { cause: err });
    }
    // Answers whose body does not matter are mapped before it is decoded (a 429 stays RATE_LIMITED whatever it carries).
    if (status === 429) throw new ApiError('RATE_LIMITED', `${o.provider} rate-limited the service`);
    if (status >= 300 && status < 400) throw new ApiError('PROVIDER_ERROR', `${o.provider} answered HTTP ${status} (redirects are not followed)`);
    const decoded = await decodeBody(raw, res.headers['content-encoding']).catch((err: unknown) => {
      if (isDecodeOverflow(err)) throw tooLarge(o.provider);
      throw new ApiError('PROVIDER_ERROR', `${o.provider} answered with a body that does not decompress`, undefined, { cause: err });
    });
    if (!decoded)
      throw new ApiError('PROVIDER_ERROR', `${o.provider} answered with an unsupported content encoding (${String(res.headers['content-encoding'])})`);
    text = decoded.toString('utf8');
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (o.signal.aborted) throw timeout(o.provider);
    throw new ApiError('PROVIDER_ERROR', `${o.provider} could not be reached`, undefined, { cause: err });
  }
  if (status >= 500) {
    const reason = providerReason(text);
    throw new ApiError('PROVIDER_ERROR', `${o.provider} answered HTTP ${status}${reason ? `: ${reason}` : ''}`);
  }
  let json: unknown;
  try {
    json = text.length ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError('PROVIDER_ERROR', `${o.provider} answered with malformed JSON (HTTP ${status})`);
  }
  return { status, json };
}

/**
 * The one success check of every adapter: a 2xx answer. Anything else that reaches an adapter is a 4xx (3xx, 429
 * and 5xx never do: providerFetch maps them above) and goes to the provider's error mapping (errors.ts → toApiError).
 */
export const isSuccess = (res: ProviderResponse): boolean => res.status >= 200 && res.status < 300;

/** Validates a provider body; a shape we do not recognise is a PROVIDER_ERROR, never a crash or a wrong number. */
export function parseProviderBody<S extends z.ZodType>(provider: ProviderId, schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new ApiError('PROVIDER_ERROR', `${provider} answered with an unexpected body (${issue.path.join('.') || 'root'}: ${issue.message})`);
}

/**
 * The provider's own short reason from an error body (`message`, `error`, `msg` or `reason` of a JSON
 * object), single-line and capped, so a failure says why without passing arbitrary upstream content on.
 */
export function providerReason(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const pick = [b.message, b.error, b.msg, b.reason].find((v) => typeof v === 'string' && v.trim());
  if (typeof pick !== 'string') return undefined;
  const line = pick.replace(/[^\P{Cc}\u0080-\u009f]+/gu, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
