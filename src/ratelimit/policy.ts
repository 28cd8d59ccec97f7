/**
 * Pure rate-limit policy: buckets, effective limits, decisions and the IETF RateLimit header fields
 * (draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy` and `RateLimit` as Structured Field lists).
 */

export const BUCKETS = ['default', 'strict'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface BucketLimit {
  points: number;
  windowSec: number;
}

/** Points one request takes from each bucket it touches (`default` always, `strict` for costly writes). */
export type Usage = Partial<Record<Bucket, number>>;

/** Whose count a request takes from: an API key (its id), or the client address for keyless or invalid-key calls. */
export type Identity = { kind: 'key'; keyId: string; multiplier?: number | null } | { kind: 'ip'; ip: string };

export const identityKey = (id: Identity) => (id.kind === 'key' ? `key:${id.keyId}` : `ip:${id.ip}`);

/** A bucket's points for this identity: an account's multiplier raises (or lowers) them; never below 1. */
export function effectivePoints(limit: BucketLimit, id: Identity): number {
  const m = id.kind === 'key' && id.multiplier != null && Number.isFinite(id.multiplier) && id.multiplier > 0 ? id.multiplier : 1;
  return Math.max(1, Math.floor(limit.points * m));
}

/** One bucket's state after this request. */
export interface BucketState {
  bucket: Bucket;
  /** Effective quota (points per window). */
  limit: number;
  windowSec: number;
  /** Points taken in the current window, this request included. */
  consumed: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface Decision {
  allowed: boolean;
  buckets: BucketState[];
  /** Seconds to wait, when refused: until the latest reset among the buckets this request overran. */
  retryAfterSec?: number;
  /** The store could not be asked: the request was let through (src/ratelimit/service.ts). */
  failedOpen?: boolean;
  /** With `failedOpen`: the quotas that apply, for `RateLimit-Policy` (there are no counts to report). */
  policies?: { bucket: Bucket; limit: number; windowSec: number }[];
}

/** Over the limit once the points taken pass the quota; the request that reaches it exactly still passes. */
export function decide(buckets: BucketState[]): Decision {
  const over = buckets.filter((b) => b.consumed > b.limit);
  if (!over.length) return { allowed: true, buckets };
  return { allowed: false, buckets, retryAfterSec: Math.max(1, ...over.map((b) => Math.ceil(b.resetMs / 1000))) };
}

const remaining = (b: BucketState) => Math.max(0, b.limit - b.consumed);

/**
 * `RateLimit-Policy: "default";q=600;w=60, "strict";q=60;w=60` and `RateLimit: "default";r=599;t=42, …`: the
 * buckets this request touched, in that order. Without counts (the store failed) only the policy is sent.
 */
export function rateLimitHeaders(decision: Pick<Decision, 'buckets' | 'policies'>): Record<string, string> {
  const list = decision.policies ?? decision.buckets;
  if (!list.length) return {};
  const headers: Record<string, string> = {
    'ratelimit-policy': list.map((p) => `${sfString(p.bucket)};q=${p.limit};w=${p.windowSec}`).join(', '),
  };
  if (decision.buckets.length) {
    headers.ratelimit = decision.buckets.map((b) => `${sfString(b.bucket)};r=${remaining(b)};t=${Math.max(0, Math.ceil(b.resetMs / 1000))}`).join(', ');
  }
  return headers;
}

/** A Structured Field String: quoted, with `"` and `\` escaped (bucket names are plain words anyway). */
const sfString = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Usage less what was already taken (never below zero): what a request still owes once its weight is known. */
export function remainingUsage(usage: Usage, taken: Usage): Usage {
  const out: Usage = {};
  for (const b of BUCKETS) {
    const left = (usage[b] ?? 0) - (taken[b] ?? 0);
    if (left > 0) out[b] = left;
  }
  return out;
}

/**
 * One request's decision from two takes (its base point, then the rest of its weight): each bucket as the later take
 * left it, refused when the later one was. Without counts from either take (the store failed) only the quotas remain.
 */
export function mergeDecisions(earlier: Decision | null | undefined, later: Decision | null): Decision | null {
  if (!earlier || !later) return later ?? earlier ?? null;
  const states = new Map([...earlier.buckets, ...later.buckets].map((s) => [s.bucket, s]));
  const buckets = BUCKETS.flatMap((b) => states.get(b) ?? []);
  if (!earlier.failedOpen && !later.failedOpen) return { ...later, buckets };
  const quotas = new Map([...(earlier.policies ?? earlier.buckets), ...(later.policies ?? later.buckets)].map((p) => [p.bucket, p]));
  const policies = BUCKETS.flatMap((b) => quotas.get(b) ?? []).map(({ bucket, limit, windowSec }) => ({ bucket, limit, windowSec }));
  return { ...later, buckets: [], failedOpen: true, policies };
}
