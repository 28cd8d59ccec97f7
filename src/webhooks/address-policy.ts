import { isIP } from 'node:net';

/**
 * Which IP addresses a live-mode webhook may reach. Anything that is not ordinary public unicast is
 * refused: loopback, private (RFC 1918, ULA), carrier-grade NAT, link-local (which holds the cloud
 * metadata services at 169.254.169.254 / fd00:ec2::254), multicast, documentation and reserved
 * ranges, and IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4) are judged by that address.
 */
type Range = [base: bigint, prefix: number, bits: 32 | 128, reason: string];

const V4: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.169.254', 32, 'metadata'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved (documentation)'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved (benchmarking)'],
  ['198.51.100.0', 24, 'reserved (documentation)'],
  ['203.0.113.0', 24, 'reserved (documentation)'],
  ['168.63.129.16', 32, 'metadata'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const V6: Array<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'reserved (IPv4-compatible)'],
  ['100::', 64, 'reserved (discard)'],
  ['2001::', 32, 'reserved (Teredo)'],
  ['2001:db8::', 32, 'reserved (documentation)'],
  ['fd00:ec2::254', 128, 'metadata'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved (site-local)'],
  ['ff00::', 8, 'multicast'],
];

function v4ToBig(ip: string): bigint {
  return ip.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function v6ToBig(ip: string): bigint {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const v = v4ToBig(dotted[1]);
    s = s.slice(0, -dotted[1].length) + `${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined];
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

const RANGES: Range[] = [
  ...V4.map(([b, p, r]) => [v4ToBig(b), p, 32, r] as Range),
  ...V6.map(([b, p, r]) => [v6ToBig(b), p, 128, r] as Range),
];

const inRange = (v: bigint, [base, prefix, bits]: Range) => {
  const shift = BigInt(bits - prefix);
  return v >> shift === base >> shift;
};

function classifyV4(v: bigint): string | null {
  for (const r of RANGES) if (r[2] === 32 && inRange(v, r)) return r[3];
  return null;
}

/** Why an address may not be used by a live webhook, or null when it is public unicast. */
export function blockedReason(ip: string): string | null {
  const family = isIP(ip);
  if (family === 4) return classifyV4(v4ToBig(ip));
  if (family !== 6) return 'not an IP address';
  const v = v6ToBig(ip);
  // Embedded IPv4: mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16.
  if (v >> 32n === 0xffffn) return classifyV4(v & 0xffffffffn);
  if (v >> 32n === 0x64ff9b0000000000000000n) return classifyV4(v & 0xffffffffn);
  if (v >> 112n === 0x2002n) return classifyV4((v >> 80n) & 0xffffffffn);
  for (const r of RANGES) if (r[2] === 128 && inRange(v, r)) return r[3];
  return null;
}

/**
 * Why an address may not be used even by a test-mode webhook, or null. Test endpoints may reach
 * loopback and private hosts (local development), but never link-local, where the cloud metadata
 * services live: the attempt log hands the first KiB of the answer back to whoever holds a test key.
 */
export function testBlockedReason(ip: string): string | null {
  const r = blockedReason(ip);
  return r === 'metadata' || r === 'link-local' ? r : null;
}

/** Host names that are local by definition, refused before any lookup. */
export function blockedHostname(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (h === 'metadata.google.internal' || h === 'metadata.goog' || h === 'metadata' || h.endsWith('.internal') || h.endsWith('.local')) return 'internal name';
  return null;
}
