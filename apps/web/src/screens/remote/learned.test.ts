import { describe, expect, it } from 'vitest';
import { learnedButton, RAW_CARRIER_HZ } from './learned.ts';

describe('a learned button from the blaster’s code key', () => {
  it('reads a decoded code, as text or as an object', () => {
    const code = { protocol: 'Samsung32', address: 7, command: 2 };
    expect(learnedButton('power', JSON.stringify(code))).toEqual({ name: 'power', code });
    expect(learnedButton('power', code)).toEqual({ name: 'power', code });
  });

  it('keeps a frame no protocol fits as raw timings on the usual carrier', () => {
    expect(learnedButton('mode', '{"raw":[3300,1650,420]}')).toEqual({
      name: 'mode',
      raw: { carrierHz: RAW_CARRIER_HZ, timings: [3300, 1650, 420] },
    });
  });

  it('refuses anything else', () => {
    for (const v of [
      '',
      'not json',
      '{}',
      '{"raw":[]}',
      '{"protocol":"NEC","address":1.5,"command":2}',
      7,
      null,
    ])
      expect(learnedButton('x', v)).toBeNull();
  });
});
