import { createSimDevice, getProfile } from '@hestia/catalog';
import { CATALOGUE_REMOTES, encode } from '@hestia/ir';
import { describe, expect, it } from 'vitest';
import { answerIr } from './ir-blaster.ts';

const blaster = () => {
  const profile = getProfile('ir-remote-universal');
  if (!profile) throw new Error('no ir-remote-universal profile');
  const sim = createSimDevice(profile);
  const published: Record<string, number | string>[] = [];
  return { sim, published, publish: (v: Record<string, number | string>) => published.push(v) };
};

describe('the simulated IR blaster', () => {
  it('decodes every catalogue button it is sent and reports it as its code', () => {
    const { sim, published, publish } = blaster();
    for (const r of CATALOGUE_REMOTES)
      for (const b of r.buttons) {
        const { timings } = encode(b.code);
        const answer = answerIr(sim, 'irSend', { ...b.code, timings }, publish);
        expect(answer, `${r.name} ${b.name}`).toEqual({ result: 'OK', decoded: b.code });
        expect(JSON.parse(String(sim.values.get('code')))).toEqual(b.code);
      }
    expect(published.length).toBe(CATALOGUE_REMOTES.reduce((n, r) => n + r.buttons.length, 0));
  });

  it('sends a raw frame as it is, and refuses timings that are no code unless they are raw', () => {
    const { sim, publish } = blaster();
    const timings = [3300, 1650, 420, 1250, 420];
    expect(answerIr(sim, 'irSend', { protocol: 'NEC', timings }, publish)).toMatchObject({
      error: expect.stringMatching(/no IR code/),
    });
    expect(answerIr(sim, 'irSend', { protocol: 'raw', timings }, publish)).toEqual({
      result: 'OK',
      decoded: null,
    });
    expect(JSON.parse(String(sim.values.get('code')))).toEqual({ raw: timings });
    for (const bad of [[], [0], ['x'], Array(513).fill(500)])
      expect(answerIr(sim, 'irSend', { timings: bad }, publish)).toHaveProperty('error');
  });

  it('learns one frame while learn is on, then turns learning off', () => {
    const { sim, published, publish } = blaster();
    const code = { protocol: 'RC5', address: 20, command: 53, toggle: 1 } as const;
    const { timings } = encode(code);
    expect(answerIr(sim, 'simulate.irReceive', { timings }, publish)).toEqual({ result: 'IGNORED' });
    sim.values.set('learn', 1);
    expect(answerIr(sim, 'simulate.irReceive', { timings }, publish)).toEqual({
      result: 'OK',
      learned: code,
    });
    expect(sim.values.get('learn')).toBe(0);
    expect(published.at(-1)).toEqual({ code: JSON.stringify(code), learn: 0 });
    expect(answerIr(sim, 'simulate.irReceive', { timings }, publish)).toEqual({ result: 'IGNORED' });
  });

  it('is no IR blaster on a device without the ir feature', () => {
    const profile = getProfile('plug-metering');
    expect(profile?.features).not.toContain('ir');
    const sim = createSimDevice(profile as NonNullable<typeof profile>);
    expect(answerIr(sim, 'irSend', { timings: [9000] }, () => {})).toEqual({
      error: 'Unknown method irSend',
    });
  });
});
