import { describe, expect, it } from 'vitest';
import { clientKey, ipv6Groups } from './client-key';

describe('clientKey', () => {
  it('keys an IPv4 address as itself, and an IPv4-mapped IPv6 one as its IPv4 form', () => {
    for (const ip of ['203.0.113.7', '::ffff:203.0.113.7', '::FFFF:cb00:7107', '0:0:0:0:0:ffff:203.0.113.7']) {
      expect(clientKey(ip), ip).toBe('203.0.113.7');
    }
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::ffff',
      '2001:DB8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:0db8:0001:0002::9',
    ]) {
      expect(clientKey(ip), ip).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});

describe('ipv6Groups', () => {
  it('expands every spelling to eight groups', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('2001:db8::8:1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 8, 1]);
    expect(ipv6Groups('::ffff:10.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a00, 1]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('10.0.0.1')).toBeNull();
  });
});
