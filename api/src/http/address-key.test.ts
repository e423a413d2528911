import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('addressKey: what a per-address limit counts under (issue #26.3)', () => {
  it('keeps an IPv4 address, also when a dual-stack socket writes it as IPv6', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts an IPv6 address as its /64, however the address is written', () => {
    const network = '2001:db8:abcd:12::/64';
    for (const address of [
      '2001:db8:abcd:12::1',
      '2001:db8:abcd:12::15',
      '2001:DB8:ABCD:12:ffff:ffff:ffff:ffff',
      '2001:0db8:abcd:0012:0000:0000:0000:0001',
      '2001:db8:abcd:12:0:0:1.2.3.4',
      '2001:db8:abcd:12::1%eth0',
    ])
      expect(addressKey(address), address).toBe(network);
    expect(addressKey('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(addressKey('1:2:3:4::')).toBe('1:2:3:4::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-address')).toBe('not-an-address');
  });
});
