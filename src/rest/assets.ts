import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { invalidParams } from '../errors.js';
import { reply, type Route } from './router.js';
import { balancesQueryWeight } from '../ratelimit/weights.js';

/** `/chains` and `/tokens` are cacheable by browsers and CDNs for 5 minutes (`Cache-Control: public, max-age=300`). */
export const PUBLIC_CACHE = 'public, max-age=300';

/** A 200 with Cache-Control and a strong ETag of the body, or a bodiless 304 when If-None-Match matches. */
export function cacheable(headers: IncomingHttpHeaders, body: unknown) {
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  const h = { 'cache-control': PUBLIC_CACHE, etag };
  const inm = headers['if-none-match'];
  if (inm && ifNoneMatchHits(Array.isArray(inm) ? inm.join(',') : inm, etag)) return reply(304, undefined, h);
  return reply(200, body, h);
}

/** RFC 9110 weak comparison: `*`, or any listed tag equal to ours with or without `W/`. */
export function ifNoneMatchHits(header: string, etag: string): boolean {
  return header.split(',').some((raw) => {
    const t = raw.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

const one = (q: URLSearchParams, name: string) => q.get(name) ?? undefined;

function intParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!/^[0-9]+$/.test(v)) throw invalidParams(name, 'must be an integer');
  return Number(v);
}

const required = (q: URLSearchParams, name: string) => {
  const v = q.get(name);
  if (v === null || v.trim() === '') throw invalidParams(name, 'is required');
  return v;
};

const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export const assetsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/chains',
    access: 'public',
    handler: ({ services, headers }) => cacheable(headers, { chains: services.assets.listChains() }),
  },
  {
    method: 'GET',
    path: '/v1/tokens',
    access: 'public',
    handler: async ({ services, query, headers }) => {
      const page = await services.assets.tokens({ chain: required(query, 'chain'), q: one(query, 'q'), limit: intParam(query, 'limit'), cursor: one(query, 'cursor') });
      return cacheable(headers, page);
    },
  },
  {
    method: 'GET',
    path: '/v1/tokens/lookup',
    access: 'public',
    handler: async ({ services, query }) => ({ token: await services.assets.lookup(required(query, 'chain'), required(query, 'address')) }),
  },
  {
    method: 'GET',
    path: '/v1/prices',
    access: 'public',
    handler: async ({ services, query }) => ({ prices: await services.assets.prices(list(required(query, 'ids'))) }),
  },
  {
    method: 'GET',
    path: '/v1/balances',
    access: 'public',
    rateLimit: { weight: balancesQueryWeight },
    handler: ({ services, query }) => services.assets.balances(required(query, 'address'), query.has('chains') ? list(one(query, 'chains')) : undefined),
  },
];
