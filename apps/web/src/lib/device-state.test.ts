import { describe, expect, it } from 'vitest';
import { cardStateOf, isOn, masterPowerWrite, numberOf, relaysOn, truncateName } from './device-state.ts';

const v = (entries: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(entries).map(([k, value]) => [k, [1, value] as [number, typeof value]]));

describe('cardStateOf', () => {
  it('is unknown without an active key, online for true (boolean or text), offline otherwise', () => {
    expect(cardStateOf(undefined)).toBe('unknown');
    expect(cardStateOf(v({ relay_1: 1 }))).toBe('unknown');
    expect(cardStateOf(v({ active: true }))).toBe('online');
    expect(cardStateOf(v({ active: 'true' }))).toBe('online');
    expect(cardStateOf(v({ active: 'false' }))).toBe('offline');
    expect(cardStateOf(v({ active: 0 }))).toBe('offline');
  });
});

describe('master power', () => {
  const keys = ['relay_1', 'relay_2'];
  it('turns everything off when any relay is on', () => {
    expect(masterPowerWrite(v({ relay_1: '0', relay_2: '1' }), keys)).toEqual([
      { Key: 'relay_1', Value: 0 },
      { Key: 'relay_2', Value: 0 },
    ]);
  });
  it('turns everything on when all relays are off or unknown', () => {
    expect(masterPowerWrite(v({ relay_1: 0 }), keys)).toEqual([
      { Key: 'relay_1', Value: 1 },
      { Key: 'relay_2', Value: 1 },
    ]);
  });
  it('counts relays that are on, whatever their JSON type', () => {
    expect(relaysOn(v({ relay_1: true, relay_2: '1' }), keys)).toBe(2);
    expect(isOn('0')).toBe(false);
  });
});

describe('truncateName', () => {
  it('keeps names of 15 characters and cuts longer ones with an ellipsis', () => {
    expect(truncateName('Kettle plug')).toBe('Kettle plug');
    expect(truncateName('123456789012345')).toBe('123456789012345');
    expect(truncateName('Living room curtain')).toBe('Living room cur…');
    expect(truncateName('چراغ‌های اتاق نشیمن')).toBe('چراغ‌های اتاق ن…');
  });
});

describe('numberOf', () => {
  it('reads numbers sent as text and rejects the rest', () => {
    expect(numberOf('1200.5')).toBe(1200.5);
    expect(numberOf(40)).toBe(40);
    expect(numberOf('')).toBeUndefined();
    expect(numberOf('abc')).toBeUndefined();
  });
});
