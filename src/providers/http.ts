import type { z } from 'zod';
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
  headers: Headers;
}

/**
 * One HTTP call to a provider's real API. Transport problems become our codes:
 * abort/timeout → PROVIDER_TIMEOUT, 429 → RATE_LIMITED, 5xx → PROVIDER_ERROR, unreadable JSON → PROVIDER_ERROR.
 * 4xx answers are returned to the adapter, which knows what the provider's error bodies mean.
 */
export async function providerFetch(baseUrl: string, path: string, o: ProviderFetchOptions): Promise<ProviderResponse> {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [k, v] of Object.entries(o.headers ?? {})) if (v !== undefined) headers[k] = v;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: o.method ?? (o.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
      signal: o.signal,
      redirect: 'error',
    });
  } catch (err) {
    if (o.signal.aborted) throw new ApiError('PROVIDER_TIMEOUT', `${o.provider} did not answer in time`);
    throw new ApiError('PROVIDER_ERROR', `${o.provider} could not be reached`, undefined, { cause: err });
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if (o.signal.aborted) throw new ApiError('PROVIDER_TIMEOUT', `${o.provider} did not answer in time`);
    throw new ApiError('PROVIDER_ERROR', `${o.provider} closed the connection`, undefined, { cause: err });
  }
  if (res.status === 429) throw new ApiError('RATE_LIMITED', `${o.provider} rate-limited the service`);
  if (res.status >= 500) {
    const reason = providerReason(text);
    throw new ApiError('PROVIDER_ERROR', `${o.provider} answered HTTP ${res.status}${reason ? `: ${reason}` : ''}`);
  }
  let json: unknown;
  try {
    json = text.length ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError('PROVIDER_ERROR', `${o.provider} answered with malformed JSON (HTTP ${res.status})`);
  }
  return { status: res.status, json, headers: res.headers };
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
