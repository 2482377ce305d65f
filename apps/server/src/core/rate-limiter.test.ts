import { describe, expect, it } from 'vitest';
import { requesterOf } from './rate-limiter.ts';

describe('requesterOf', () => {
  it('counts an IPv4 address as itself, also when mapped into IPv6', () => {
    expect(requesterOf('203.0.113.7')).toBe('203.0.113.7');
    expect(requesterOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const a = requesterOf('2001:db8:0:1:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:0:1::/64');
    expect(requesterOf('2001:0db8:0000:0001::1')).toBe(a);
    expect(requesterOf('2001:db8:0:2::1')).not.toBe(a);
    expect(requesterOf('::1')).toBe('0:0:0:0::/64');
  });
});
