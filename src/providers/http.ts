import type { z } from 'zod';
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
 */
const agent = new Agent({ keepAliveTimeout: 10_000 });

const timeout = (provider: ProviderId) => new ApiError('PROVIDER_TIMEOUT', `${provider} did not answer in time`);

/**
 * One HTTP call to a provider's real API. Transport problems become our codes:
 * abort/timeout → PROVIDER_TIMEOUT, 429 → RATE_LIMITED, 3xx/5xx → PROVIDER_ERROR, unreadable JSON → PROVIDER_ERROR.
 * 4xx answers are returned to the adapter, which knows what the provider's error bodies mean.
 */
export async function providerFetch(baseUrl: string, path: string, o: ProviderFetchOptions): Promise<ProviderResponse> {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [k, v] of Object.entries(o.headers ?? {})) if (v !== undefined) headers[k] = v;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.signal.aborted) throw timeout(o.provider);
  let status: number;
  let text: string;
  try {
    const res = await request(url, {
      dispatcher: agent,
      method: o.method ?? (o.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
      signal: o.signal,
    });
    status = res.statusCode;
    try {
      text = await res.body.text();
    } catch (err) {
      if (o.signal.aborted) throw timeout(o.provider);
      throw new ApiError('PROVIDER_ERROR', `${o.provider} closed the connection`, undefined, { cause: err });
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (o.signal.aborted) throw timeout(o.provider);
    throw new ApiError('PROVIDER_ERROR', `${o.provider} could not be reached`, undefined, { cause: err });
  }
  if (status === 429) throw new ApiError('RATE_LIMITED', `${o.provider} rate-limited the service`);
  if (status >= 300 && status < 400) throw new ApiError('PROVIDER_ERROR', `${o.provider} answered HTTP ${status} (redirects are not followed)`);
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
  const line = pick.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
