import { describe, expect, it } from 'vitest';
import { personalDataIn } from './personal-data.ts';

describe('personal data in log lines', () => {
  it('names the line and the kind of each finding, never the value', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLWhlcmU';
    const lines = [
      '{"msg":"request","url":"/api/v1/devices","userId":"0b1f4a6e-1c1b-4a57-9b9f-2f0c7d1e9a10"}',
      '{"msg":"code sent","to":"dara@example.com"}',
      `{"msg":"refresh","token":"${jwt}"}`,
      '{"headers":{"authorization":"Bearer abcdefghijklmnopqrstu"}}',
      '{"msg":"login","password":"Demo-Pass-2024"}',
      '{"msg":"device connected","token":"A1b2C3d4E5f6G7h8"}',
    ];
    const found = personalDataIn(lines, ['Demo-Pass-2024', 'A1b2C3d4E5f6G7h8']);
    expect(found).toEqual([
      'line 2: an e-mail address',
      'line 3: a JWT',
      'line 4: a bearer token',
      'line 5: a password or device token',
      'line 6: a password or device token',
    ]);
    expect(found.join(' ')).not.toMatch(/dara|Demo-Pass|eyJ/);
  });

  it('finds nothing in clean lines and ignores empty secrets', () => {
    expect(personalDataIn(['{"msg":"GET /api/v1/time 200 3 ms"}'], [''])).toEqual([]);
  });
});
