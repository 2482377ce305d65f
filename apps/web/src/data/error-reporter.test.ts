import { describe, expect, it } from 'vitest';
import { type ClientLogBody, createErrorReporter, describeError } from './error-reporter.ts';

describe('the error reporter', () => {
  const setup = () => {
    let t = 1_000_000;
    const sent: ClientLogBody[] = [];
    const report = createErrorReporter({
      send: async (b) => {
        sent.push(b);
      },
      now: () => t,
      screen: () => '/bottom-tab-bar-navigator/dashboard',
    });
    return { report, sent, advance: (ms: number) => (t += ms) };
  };

  it('sends one identical message in 2 s, with its screen, and a different one at once', () => {
    const { report, sent, advance } = setup();
    expect(report('TypeError: x is undefined')).toBe(true);
    expect(report('TypeError: x is undefined')).toBe(false);
    expect(report('RangeError: too deep')).toBe(true);
    advance(1999);
    expect(report('TypeError: x is undefined')).toBe(false);
    advance(1);
    expect(report('TypeError: x is undefined')).toBe(true);
    expect(sent).toEqual([
      { level: 'error', message: 'TypeError: x is undefined', screen: '/bottom-tab-bar-navigator/dashboard' },
      { level: 'error', message: 'RangeError: too deep', screen: '/bottom-tab-bar-navigator/dashboard' },
      { level: 'error', message: 'TypeError: x is undefined', screen: '/bottom-tab-bar-navigator/dashboard' },
    ]);
  });

  it('sends at most 20 different messages a minute, and nothing empty', () => {
    const { report, sent, advance } = setup();
    for (let i = 0; i < 30; i++) report(`error ${i}`);
    expect(report('   ')).toBe(false);
    expect(sent).toHaveLength(20);
    advance(60_000);
    expect(report('error 25')).toBe(true);
  });

  it('says what an error event carried in one line', () => {
    expect(describeError(new TypeError('boom'), 'app.js:1:2')).toBe('TypeError: boom (app.js:1:2)');
    expect(describeError('plain')).toBe('plain');
    expect(describeError({ code: 7 })).toBe('{"code":7}');
  });
});
