import { describe, expect, it } from 'vitest';
import { blockedHostname, blockedReason } from '../../src/webhooks/address-policy.js';

describe('live webhook address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.100.100.200', 'private (carrier-grade NAT)'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['168.63.129.16', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'metadata'],
    ['fc00::5', 'private'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:c0a8:0101::1', 'private'],
    ['2001:db8::1', 'reserved (documentation)'],
    ['::127.0.0.1', 'reserved (IPv4-compatible)'],
  ])('%s is refused (%s)', (ip, reason) => {
    expect(blockedReason(ip)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.63.255.255', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (ip) => {
      expect(blockedReason(ip)).toBeNull();
    },
  );

  it('refuses local host names before any lookup', () => {
    expect(blockedHostname('localhost')).toBe('loopback');
    expect(blockedHostname('api.localhost.')).toBe('loopback');
    expect(blockedHostname('metadata.google.internal')).toBe('internal name');
    expect(blockedHostname('example.com')).toBeNull();
    expect(blockedReason('not-an-ip')).toBe('not an IP address');
  });
});
