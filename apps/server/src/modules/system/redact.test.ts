import { describe, expect, it } from 'vitest';
import { redact } from './redact.ts';

describe('log redaction', () => {
  it('replaces e-mail addresses, phone numbers and tokens by placeholders', () => {
    expect(redact('login failed for sara.k+home@example.co.uk')).toBe('login failed for {email}');
    expect(redact('sms to +98 912 345 6789 failed')).toBe('sms to {phone} failed');
    expect(redact('call 0912-345-6789 or (021) 8888 7777')).toBe('call {phone} or {phone}');
    expect(redact('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here')).toBe('jwt {token} here');
    expect(redact('Authorization: Bearer abc.def-ghi_jkl')).toBe('Authorization: Bearer {token}');
    expect(redact('{"password":"Hunter22!","user":"x"}')).toBe('{"password":{secret},"user":"x"}');
    expect(redact('refresh token=Zx81kq and more')).toBe('refresh token={secret} and more');
    expect(redact('key a8Fk29dLq0ZmX7vB3nR5tY1wE6')).toBe('key {token}');
  });

  it('keeps UUIDs, ISO times, short numbers and ordinary words', () => {
    const id = '3f2b9c1e-8a4d-4e2f-9b7c-1d2e3f4a5b6c';
    expect(redact(`device ${id} refused at 2026-11-26T20:40:22.123Z`)).toBe(
      `device ${id} refused at 2026-11-26T20:40:22.123Z`,
    );
    expect(redact('TypeError: cannot read properties of undefined (reading "relay_1") at line 42')).toBe(
      'TypeError: cannot read properties of undefined (reading "relay_1") at line 42',
    );
    expect(redact('version 1.4.2, 3 retries, 250 ms')).toBe('version 1.4.2, 3 retries, 250 ms');
  });
});
