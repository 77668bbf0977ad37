import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.js';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, also written inside IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address by its /64, however it is written', () => {
    expect(clientNetwork('2001:db8:0:12:a:b:c:d')).toBe('2001:db8:0:12::/64');
    expect(clientNetwork('2001:DB8::12:1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:0db8:0000:0012::1')).toBe('2001:db8:0:12::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
