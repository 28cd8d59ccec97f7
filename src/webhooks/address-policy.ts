import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses a webhook may connect to, decided by ipaddr.js (the range classifier express and
 * proxy-addr use) rather than by ranges of our own:
 *
 * - Public rules (live endpoints, and test endpoints when WEBHOOK_TEST_PRIVATE_HOSTS is off): the
 *   address's ipaddr.js `range()` must be `unicast`. IPv6 forms that carry an IPv4 address are judged
 *   by that IPv4 address (IPv4-mapped, IPv4-translated, NAT64 64:ff9b::/96, 6to4); Teredo, the
 *   local-use NAT64 prefix 64:ff9b:1::/48 and the deprecated IPv4-compatible ::/96 are refused
 *   outright (the latter naming the IPv4 address it embeds when that is not public), and so is IPv6
 *   outside the global unicast block 2000::/3 (ipaddr.js calls unassigned space `unicast` too).
 * - Local-development rules (test endpoints when WEBHOOK_TEST_PRIVATE_HOSTS is on, the default outside
 *   production): the public rules, plus loopback (127.0.0.0/8, ::1) and RFC 1918 private addresses
 *   (10/8, 172.16/12, 192.168/16), also written IPv4-mapped. Nothing else: carrier-grade NAT, link-local,
 *   reserved and IPv6 unique-local space hold cloud metadata services (100.100.100.200, 192.0.0.192,
 *   169.254.169.254, fd00:ec2::254), and the attempt log hands the first KiB of the answer back.
 */

type V4 = ipaddr.IPv4;
type V6 = ipaddr.IPv6;

/**
 * Public-unicast addresses that are cloud platform endpoints reachable only from inside that cloud:
 * Azure's WireServer (168.63.129.16). Every other metadata service lives in a range ipaddr.js already
 * names (link-local, carrier-grade NAT, reserved, unique-local).
 */
const PLATFORM_V4 = ['168.63.129.16'];

/** IPv6 text to ipaddr.js, with a dotted IPv4 tail rewritten as two hex groups first. */
function parseV6(text: string): V6 {
  // ipaddr.js reads `::a.b.c.d` as the IPv4-mapped `::ffff:a.b.c.d`, but it is the IPv4-compatible
  // address ::a.b:c.d, the one a socket connects to (and the form inet_ntop, so a DNS answer, takes for ::/96).
  const zone = text.indexOf('%');
  let s = zone >= 0 ? text.slice(0, zone) : text;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  return ipaddr.IPv6.parse(s);
}

const v4Of = (hi: number, lo: number): V4 => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/** Why an IPv4 address is not public unicast, or null. */
function v4Problem(a: V4): string | null {
  const range = a.range();
  if (range !== 'unicast') return range;
  if (PLATFORM_V4.includes(a.toString())) return 'cloud platform endpoint';
  return null;
}

/** The IPv4 address an IPv6 address carries and the form it is carried in, when it is one of those forms. */
function embeddedV4(a: V6): { form: string; v4: V4 } | null {
  const p = a.parts;
  const range = a.range();
  // ::ffff:0:0/96 (mapped) and ::ffff:0:0:0/96 (translated): the last 32 bits.
  if (range === 'ipv4Mapped' || range === 'rfc6145') return { form: range, v4: v4Of(p[6], p[7]) };
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): the last 32 bits.
  if (range === 'rfc6052' && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return { form: 'rfc6052', v4: v4Of(p[6], p[7]) };
  // 6to4 2002::/16 (RFC 3056): bits 16-48.
  if (range === '6to4') return { form: '6to4', v4: v4Of(p[1], p[2]) };
  // IPv4-compatible ::/96 (deprecated by RFC 4291), other than :: and ::1, which ipaddr.js names.
  if (range === 'unicast' && p.slice(0, 6).every((x) => x === 0)) return { form: 'ipv4Compatible', v4: v4Of(p[6], p[7]) };
  return null;
}

/** Why an IPv6 address is not public unicast, or null. */
function v6Problem(a: V6): string | null {
  const embedded = embeddedV4(a);
  if (embedded) {
    const r = v4Problem(embedded.v4);
    if (r) return `${embedded.form} form of ${embedded.v4.toString()}, ${r}`;
    // Deprecated and produced by no stack; a kernel may still send ::/96 down an automatic IPv4 tunnel.
    return embedded.form === 'ipv4Compatible' ? 'ipv4Compatible (deprecated)' : null;
  }
  const range = a.range();
  // Teredo hides two IPv4 hosts (server, and client XOR 0xffffffff) behind relays: refused outright.
  if (range === 'teredo') return 'teredo';
  // 64:ff9b:1::/48 is for a network's own translator, at a prefix length we cannot know (RFC 8215).
  if (range === 'rfc6052') return 'rfc6052 local-use';
  if (range !== 'unicast') return range;
  // ipaddr.js calls every address it has no name for `unicast`; IANA assigns global unicast only in 2000::/3.
  if (a.parts[0] >> 13 !== 1) return 'reserved (outside 2000::/3)';
  return null;
}

/** ipaddr.js's reading of a strict IP address text (Node's isIP: no `127.1` or `0x7f.1` shorthands), or null. */
function parseIp(ip: string): V4 | V6 | null {
  const family = isIP(ip);
  if (family === 4) return ipaddr.IPv4.parse(ip);
  if (family === 6) return parseV6(ip);
  return null;
}

/** Why an address may not be used under the public rules (live endpoints), or null when it is public unicast. */
export function blockedReason(ip: string): string | null {
  const a = parseIp(ip);
  if (!a) return 'not an IP address';
  return a.kind() === 'ipv4' ? v4Problem(a as V4) : v6Problem(a as V6);
}

/** Loopback or RFC 1918 private, the local-development allowance (IPv4-mapped forms are the same socket address). */
function isLocalDevelopment(a: V4 | V6): boolean {
  if (a.kind() === 'ipv6') {
    const v6 = a as V6;
    if (v6.range() === 'loopback') return true;
    if (v6.range() !== 'ipv4Mapped') return false;
    a = v6.toIPv4Address();
  }
  const range = (a as V4).range();
  return range === 'loopback' || range === 'private';
}

/**
 * Why an address may not be used under the local-development rules (test endpoints outside
 * production), or null: public unicast, loopback and RFC 1918 private addresses are allowed.
 */
export function testBlockedReason(ip: string): string | null {
  const a = parseIp(ip);
  if (!a) return 'not an IP address';
  return isLocalDevelopment(a) ? null : blockedReason(ip);
}

/** Host names that are local by definition, refused before any lookup. */
export function blockedHostname(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (h === 'metadata.google.internal' || h === 'metadata.goog' || h === 'metadata' || h.endsWith('.internal') || h.endsWith('.local')) return 'internal name';
  return null;
}
