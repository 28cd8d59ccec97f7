import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { blockedHostname, blockedReason, testBlockedReason } from './address-policy.js';

export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;
export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The first KiB of a receiver's response is kept (as text) in the attempt log. */
const RESPONSE_KEEP_BYTES = 1024;

/**
 * Receiver-controlled text made storable: Postgres text cannot hold NUL, and a row that cannot be
 * written would leave a delivered event unrecorded (and re-sent at every lease expiry, forever).
 */
const storableText = (s: string) => s.replaceAll('\0', '\uFFFD');

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
}

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Live endpoints: https only, and every address the host resolves to must be public (address-policy.ts). */
  livemode: boolean;
  /**
   * Test endpoints under the public rules too (production default; see WEBHOOK_TEST_PRIVATE_HOSTS);
   * otherwise they follow the local-development rules (public, loopback and RFC 1918 private only).
   */
  publicOnly?: boolean;
  timeoutMs: number;
  resolver: Resolver;
  userAgent: string;
  signal?: AbortSignal;
}

class BlockedAddressError extends Error {
  code = 'EBLOCKED';
}

// Separate pools for live and test: a connection opened under test-mode rules (loopback allowed)
// must never be reused by a live delivery to the same host name.
const agents = {
  live: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  testHttps: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  testHttp: new http.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** Why a live endpoint URL is refused before any connection, or null. */
export function liveUrlProblem(u: URL, opts: { requireHttps?: boolean } = {}): string | null {
  if ((opts.requireHttps ?? true) && u.protocol !== 'https:') return 'live endpoints must use https';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const named = blockedHostname(host);
  if (named) return `${host} is not a public host (${named})`;
  if (isIP(host)) {
    const r = blockedReason(host);
    if (r) return `${host} is not a public address (${r})`;
  }
  return null;
}

/**
 * Why a test-mode endpoint URL is refused before any connection under the local-development rules, or
 * null: metadata host names, and address literals other than public, loopback and RFC 1918 private ones.
 */
export function testUrlProblem(u: URL): string | null {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const named = blockedHostname(host);
  if (named === 'internal name' && /(^|\.)metadata(\.|$)/.test(host.toLowerCase())) return `${host} is a metadata service`;
  const r = isIP(host) ? testBlockedReason(host) : null;
  return r ? `${host} is not reachable from test endpoints (${r})` : null;
}

/**
 * DNS lookup for the socket: every address the name resolves to is checked, and the socket connects
 * only to addresses of that same answer (no rebinding gap); one refused address refuses the attempt
 * before any connection. Address literals never reach a lookup: sendWebhook checks them first.
 */
function guardedLookup(resolver: Resolver, publicOnly: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, cb: (...a: unknown[]) => void) => {
    resolver(hostname).then(
      (addrs) => {
        if (!addrs.length) return cb(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
        for (const a of addrs) {
          if (publicOnly) {
            const r = blockedReason(a.address);
            if (r) return cb(new BlockedAddressError(`${hostname} resolves to ${a.address}, which is not a public address (${r})`));
          } else {
            const r = testBlockedReason(a.address);
            if (r) return cb(new BlockedAddressError(`${hostname} resolves to ${a.address}, which test endpoints may not reach (${r})`));
          }
        }
        if (options?.all) cb(null, addrs);
        else cb(null, addrs[0].address, addrs[0].family);
      },
      (err) => cb(err),
    );
  }) as unknown as LookupFunction;
}

/** One POST: no redirects followed (a 3xx is a failure), a hard timeout, the first KiB of the answer. */
export function sendWebhook(o: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'latencyMs'>): SendResult => ({ ...r, latencyMs: Math.round(performance.now() - started) });
  let u: URL;
  try {
    u = new URL(o.url);
  } catch {
    return Promise.resolve(done({ ok: false, statusCode: null, responseBody: null, error: 'invalid URL' }));
  }
  {
    const problem = o.livemode ? liveUrlProblem(u) : o.publicOnly ? liveUrlProblem(u, { requireHttps: false }) : testUrlProblem(u);
    if (problem) return Promise.resolve(done({ ok: false, statusCode: null, responseBody: null, error: `blocked: ${problem}` }));
  }
  const isHttps = u.protocol === 'https:';
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([timeout, o.signal]) : timeout;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve(done(r));
    };
    const req = (isHttps ? https : http).request(u, {
      method: 'POST',
      agent: o.livemode ? agents.live : isHttps ? agents.testHttps : agents.testHttp,
      lookup: guardedLookup(o.resolver, o.livemode || !!o.publicOnly),
      signal,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(o.body)),
        'user-agent': o.userAgent,
        ...o.headers,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const complete = () => {
        const status = res.statusCode ?? 0;
        finish({
          ok: status >= 200 && status < 300,
          statusCode: status,
          responseBody: storableText(Buffer.concat(chunks).toString('utf8')),
          error: status >= 300 && status < 400 ? storableText(`redirect to ${String(res.headers.location ?? '(none)').slice(0, 200)} not followed`) : null,
        });
      };
      res.on('data', (c: Buffer) => {
        if (kept >= RESPONSE_KEEP_BYTES) return;
        const part = c.subarray(0, RESPONSE_KEEP_BYTES - kept);
        chunks.push(part);
        kept += part.length;
        // Enough kept: stop reading a large (or endless) answer.
        if (kept >= RESPONSE_KEEP_BYTES) {
          complete();
          res.destroy();
        }
      });
      res.on('end', complete);
      res.on('error', () => complete());
      res.on('close', complete);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      let error: string;
      if (timeout.aborted) error = `timeout after ${o.timeoutMs} ms`;
      else if (o.signal?.aborted) error = 'aborted (shutting down)';
      else if (err instanceof BlockedAddressError) error = `blocked: ${err.message}`;
      else error = [err.code, err.message].filter(Boolean).join(': ') || 'request failed';
      finish({ ok: false, statusCode: null, responseBody: null, error: storableText(error) });
    });
    req.end(o.body);
  });
}
