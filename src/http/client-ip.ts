import type { IncomingMessage } from 'node:http';

/**
 * The client's address as rate limits, WebSocket limits and logs see it. With `trustProxy` = N (the number of
 * reverse proxies in front of this service, each appending the address it saw to `X-Forwarded-For`), the client
 * is the N-th entry from the right; entries further left were written by the client and are ignored, so a
 * spoofed header cannot pick another bucket. With 0 (the default) the socket's peer is the client.
 */
export function clientIp(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: number): string {
  const peer = normalizeIp(req.socket?.remoteAddress ?? 'unknown');
  if (trustProxy <= 0) return peer;
  const raw = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!hops.length) return peer;
  // Fewer entries than trusted proxies: the left-most is as far as the chain can be trusted.
  const ip = hops[Math.max(0, hops.length - trustProxy)];
  return isPlausibleIp(ip) ? normalizeIp(ip) : peer;
}

/** Whether the original request reached the first proxy over TLS (for HSTS): the socket, or a trusted proxy's word. */
export function isHttps(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: number): boolean {
  if ((req.socket as { encrypted?: boolean } | undefined)?.encrypted) return true;
  if (trustProxy <= 0) return false;
  const raw = req.headers['x-forwarded-proto'];
  const protos = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return protos.length > 0 && protos[Math.max(0, protos.length - trustProxy)] === 'https';
}

const normalizeIp = (ip: string) => (ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip);
const isPlausibleIp = (s: string) => s.length <= 45 && /^[0-9a-fA-F:.]+$/.test(s);
