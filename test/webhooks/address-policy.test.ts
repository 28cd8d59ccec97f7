import { describe, expect, it } from 'vitest';
import { blockedHostname, blockedReason, testBlockedReason } from '../../src/webhooks/address-policy.js';

/**
 * The classifier in both modes: `live` is blockedReason (live endpoints, and test endpoints with
 * WEBHOOK_TEST_PRIVATE_HOSTS off), `test` is testBlockedReason (test endpoints outside production).
 * null means allowed. Rows marked † were wrongly allowed by the hand-written ranges this replaced.
 */
const rows: Array<[ip: string, live: string | null, test: string | null]> = [
  // Public unicast: allowed everywhere.
  ['8.8.8.8', null, null],
  ['93.184.216.34', null, null],
  ['172.32.0.1', null, null],
  ['100.63.255.255', null, null],
  ['2606:4700:4700::1111', null, null],
  ['2a00:1450:4001:82a::200e', null, null],
  // Embedded public IPv4: judged by the IPv4 address.
  ['::ffff:8.8.8.8', null, null],
  ['64:ff9b::808:808', null, null],
  ['2002:808:808::1', null, null],

  // Loopback and RFC 1918 private: the local-development allowance only.
  ['127.0.0.1', 'loopback', null],
  ['127.255.0.9', 'loopback', null],
  ['::1', 'loopback', null],
  ['10.1.2.3', 'private', null],
  ['172.16.0.1', 'private', null],
  ['172.31.255.255', 'private', null],
  ['192.168.1.1', 'private', null],
  // IPv4-mapped is the same socket address as the IPv4 one.
  ['::ffff:127.0.0.1', 'ipv4Mapped form of 127.0.0.1, loopback', null],
  ['::ffff:7f00:1', 'ipv4Mapped form of 127.0.0.1, loopback', null],
  ['::ffff:10.0.0.7', 'ipv4Mapped form of 10.0.0.7, private', null],

  // Refused in both modes.
  ['100.100.100.200', 'carrierGradeNat', 'carrierGradeNat'], // † (test) Alibaba Cloud metadata
  ['100.64.0.1', 'carrierGradeNat', 'carrierGradeNat'], // † (test)
  ['192.0.0.192', 'reserved', 'reserved'], // † (test) Oracle Cloud metadata
  ['169.254.169.254', 'linkLocal', 'linkLocal'],
  ['169.254.1.1', 'linkLocal', 'linkLocal'],
  ['168.63.129.16', 'cloud platform endpoint', 'cloud platform endpoint'],
  ['0.0.0.0', 'unspecified', 'unspecified'], // † (test)
  ['255.255.255.255', 'broadcast', 'broadcast'], // † (test)
  ['224.0.0.1', 'multicast', 'multicast'], // † (test)
  ['198.18.0.1', 'reserved', 'reserved'], // † (test) benchmarking
  ['192.0.2.1', 'reserved', 'reserved'], // † (test) documentation
  ['240.0.0.1', 'reserved', 'reserved'], // † (test)
  ['192.175.48.1', 'as112', 'as112'], // †
  ['192.52.193.1', 'amt', 'amt'], // †
  ['::', 'unspecified', 'unspecified'], // † (test)
  ['fe80::1', 'linkLocal', 'linkLocal'],
  ['fe80::1%eth0', 'linkLocal', 'linkLocal'],
  ['fc00::1', 'uniqueLocal', 'uniqueLocal'], // † (test)
  ['fd12:3456::1', 'uniqueLocal', 'uniqueLocal'], // † (test)
  ['fd00:ec2::254', 'uniqueLocal', 'uniqueLocal'], // AWS metadata over IPv6
  ['fec0::1', 'deprecatedSiteLocal', 'deprecatedSiteLocal'], // † (test)
  ['ff02::1', 'multicast', 'multicast'], // † (test)
  ['100::1', 'discard', 'discard'], // † (test)
  ['2001:db8::1', 'reserved', 'reserved'], // † (test)
  ['2001:1::1', 'reserved', 'reserved'], // † IETF protocol assignments 2001::/23
  ['3fff::1', 'reserved', 'reserved'], // † documentation (RFC 9637)
  ['2001:2::1', 'benchmarking', 'benchmarking'], // †
  ['2001:3::1', 'amt', 'amt'], // †
  ['2001:4:112::1', 'as112v6', 'as112v6'], // †
  ['2620:4f:8000::1', 'as112v6', 'as112v6'], // †
  ['2001:20::1', 'orchid2', 'orchid2'], // †
  ['2001:30::1', 'droneRemoteIdProtocolEntityTags', 'droneRemoteIdProtocolEntityTags'], // †
  ['5f00::1', 'segmentRouting', 'segmentRouting'], // †
  // IPv6 that ipaddr.js calls unicast but IANA has not assigned as global unicast (outside 2000::/3).
  ['4000::1', 'reserved (outside 2000::/3)', 'reserved (outside 2000::/3)'], // †
  ['fe00::1', 'reserved (outside 2000::/3)', 'reserved (outside 2000::/3)'], // †
  ['::1:2:3:4', 'reserved (outside 2000::/3)', 'reserved (outside 2000::/3)'], // †
  ['64:ff9b:0:1::808:808', 'reserved (outside 2000::/3)', 'reserved (outside 2000::/3)'], // †

  // Embedded IPv4 in translation and tunnel forms: judged by the IPv4 address, without the
  // local-development allowance (a translator or relay, not this machine, would reach it).
  ['::ffff:169.254.169.254', 'ipv4Mapped form of 169.254.169.254, linkLocal', 'ipv4Mapped form of 169.254.169.254, linkLocal'],
  ['::ffff:100.100.100.200', 'ipv4Mapped form of 100.100.100.200, carrierGradeNat', 'ipv4Mapped form of 100.100.100.200, carrierGradeNat'], // † (test)
  ['64:ff9b::7f00:1', 'rfc6052 form of 127.0.0.1, loopback', 'rfc6052 form of 127.0.0.1, loopback'], // † (test)
  ['64:ff9b::127.0.0.1', 'rfc6052 form of 127.0.0.1, loopback', 'rfc6052 form of 127.0.0.1, loopback'], // † (test)
  ['64:ff9b::a9fe:a9fe', 'rfc6052 form of 169.254.169.254, linkLocal', 'rfc6052 form of 169.254.169.254, linkLocal'],
  ['64:ff9b::6464:64c8', 'rfc6052 form of 100.100.100.200, carrierGradeNat', 'rfc6052 form of 100.100.100.200, carrierGradeNat'], // † (test)
  // The local-use NAT64 prefix (RFC 8215) is a network's own translator: refused whatever it embeds.
  ['64:ff9b:1::a9fe:a9fe', 'rfc6052 local-use', 'rfc6052 local-use'], // †
  ['64:ff9b:1::808:808', 'rfc6052 local-use', 'rfc6052 local-use'], // †
  ['::ffff:0:7f00:1', 'rfc6145 form of 127.0.0.1, loopback', 'rfc6145 form of 127.0.0.1, loopback'], // †
  // IPv4-compatible: `::a.b.c.d` is ::a.b:c.d (how inet_ntop prints ::/96), not the mapped address ipaddr.js's parser makes of it.
  ['::127.0.0.1', 'ipv4Compatible form of 127.0.0.1, loopback', 'ipv4Compatible form of 127.0.0.1, loopback'], // † (test)
  ['::7f00:1', 'ipv4Compatible form of 127.0.0.1, loopback', 'ipv4Compatible form of 127.0.0.1, loopback'], // † (test)
  ['::a9fe:a9fe', 'ipv4Compatible form of 169.254.169.254, linkLocal', 'ipv4Compatible form of 169.254.169.254, linkLocal'], // † (test)
  // … and deprecated: refused even when what it embeds is public.
  ['::8.8.8.8', 'ipv4Compatible (deprecated)', 'ipv4Compatible (deprecated)'],
  ['2002:7f00:1::', '6to4 form of 127.0.0.1, loopback', '6to4 form of 127.0.0.1, loopback'], // † (test)
  ['2002:a9fe:a9fe::', '6to4 form of 169.254.169.254, linkLocal', '6to4 form of 169.254.169.254, linkLocal'],
  ['2002:c0a8:101::1', '6to4 form of 192.168.1.1, private', '6to4 form of 192.168.1.1, private'], // † (test)
  // Teredo: refused outright (client 127.0.0.1 XOR 0xffffffff = 80ff:fffe; server 65.54.227.120; then a public pair).
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo', 'teredo'], // † (test)
  ['2001:0:a9fe:a9fe::1', 'teredo', 'teredo'], // † (test)
  ['2001:0:808:808:8000:63bf:f7f7:f7f7', 'teredo', 'teredo'], // † (test)

  ['not-an-ip', 'not an IP address', 'not an IP address'], // † (test)
  ['127.1', 'not an IP address', 'not an IP address'], // † (test) shorthand ipaddr.js would read as 127.0.0.1
];

describe('webhook address policy (ipaddr.js)', () => {
  it.each(rows)('%s: live %s, test %s', (ip, live, test) => {
    expect(blockedReason(ip)).toBe(live);
    expect(testBlockedReason(ip)).toBe(test);
  });

  it('refuses local host names before any lookup', () => {
    expect(blockedHostname('localhost')).toBe('loopback');
    expect(blockedHostname('api.localhost.')).toBe('loopback');
    expect(blockedHostname('metadata.google.internal')).toBe('internal name');
    expect(blockedHostname('example.com')).toBeNull();
  });
});
