import { describe, expect, it } from 'vitest';
import { voiceSequenceOf } from './voice.ts';
import { dtwDistance, mfcc, nearestCommand, resample, speechOf, type VoiceAudio } from './voice-match.ts';

/** A tone gliding from `from` to `to` Hz over `seconds`, with 0.2 s of silence either side. */
function glide(from: number, to: number, seconds: number, rate = 16_000): VoiceAudio {
  const pad = Math.round(rate * 0.2);
  const n = Math.round(rate * seconds);
  const samples = new Float32Array(n + 2 * pad);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    phase += (2 * Math.PI * (from + ((to - from) * i) / n)) / rate;
    samples[pad + i] = 0.5 * Math.sin(phase) + 0.2 * Math.sin(3 * phase);
  }
  return { rate, samples };
}
const features = (a: VoiceAudio) => {
  const s = speechOf(resample(a));
  if (typeof s === 'string') throw new Error(s);
  return mfcc(s);
};

describe('voice matching', () => {
  it('finds the speech between silences, and says when there is none', () => {
    const s = speechOf(glide(300, 900, 1));
    expect(typeof s).not.toBe('string');
    if (typeof s !== 'string') expect(s.samples.length / 16_000).toBeCloseTo(1.1, 1);
    expect(speechOf({ rate: 16_000, samples: new Float32Array(16_000) })).toBe('silent');
    const blip = new Float32Array(16_000);
    blip.fill(0.5, 8000, 8800); // 50 ms of sound
    expect(speechOf({ rate: 16_000, samples: blip })).toBe('short');
  });

  it('resamples without changing the pitch', () => {
    const rate = 44_100;
    const tone = new Float32Array(rate).map((_, i) => Math.sin((2 * Math.PI * 1000 * i) / rate));
    const out = resample({ rate, samples: tone });
    expect(out.rate).toBe(16_000);
    let crossings = 0;
    for (let i = 1000; i < 15_000; i++)
      if ((out.samples[i - 1] ?? 0) < 0 && (out.samples[i] ?? 0) >= 0) crossings++;
    expect(crossings / (14_000 / 16_000)).toBeGreaterThan(995);
    expect(crossings / (14_000 / 16_000)).toBeLessThan(1005);
  });

  it('puts the same glide spoken slower near, another glide far, and picks the command', () => {
    const up = features(glide(300, 1200, 0.8));
    const upSlow = features(glide(300, 1200, 1.2, 22_050));
    const down = features(glide(1200, 300, 0.8));
    const near = dtwDistance(up, upSlow);
    const far = dtwDistance(up, down);
    expect(near).toBeLessThan(far / 2);
    expect(dtwDistance(up, up)).toBe(0);
    // With a cutoff: the same answer under it, Infinity above it.
    expect(dtwDistance(up, upSlow, near + 0.01)).toBe(near);
    expect(dtwDistance(up, down, far / 2)).toBe(Number.POSITIVE_INFINITY);
    const templates = [
      { commandId: 'up', frames: upSlow },
      { commandId: 'down', frames: down },
    ];
    expect(nearestCommand(up, templates)).toMatchObject({ commandId: 'up' });
    expect(nearestCommand(up, [])).toBe('none');
    expect(nearestCommand(up, [{ commandId: 'down', frames: down }])).toBe('none');
    expect(
      nearestCommand(up, [templates[0], { commandId: 'copy', frames: upSlow }] as typeof templates),
    ).toBe('ambiguous');
  });

  it('keys phrases by sequence: Latin digits, lower case, no punctuation', () => {
    expect(voiceSequenceOf('  Scene ۲ — ON! ')).toBe('scene 2 on');
    expect(voiceSequenceOf('اتاق ٣')).toBe('اتاق 3');
    expect(voiceSequenceOf('?!')).toBe('');
  });
});
