import { afterEach, describe, expect, it, vi } from 'vitest';

describe('afterFirstScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.resetModules();
  });

  it('runs what waits once the first screen is committed and the next frame painted, then at once', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => frames.push(fn));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const { afterFirstScreen, firstScreenCommitted } = await import('./after-paint.ts');
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('presence'));
    expect(ran).toEqual([]);
    firstScreenCommitted();
    expect(ran).toEqual([]); // not before the frame
    for (const fn of frames.splice(0)) fn(0);
    expect(ran).toEqual([]); // not in the frame either: in a task after it
    vi.runAllTimers();
    expect(ran).toEqual(['presence']);
    firstScreenCommitted(); // once only
    afterFirstScreen(() => ran.push('later'));
    expect(ran).toEqual(['presence', 'later']);
  });

  it('afterNextPaint can be cancelled', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => frames.push(fn));
    vi.stubGlobal('cancelAnimationFrame', () => frames.splice(0));
    const { afterNextPaint } = await import('./after-paint.ts');
    const fn = vi.fn();
    afterNextPaint(fn)();
    for (const f of frames.splice(0)) f(0);
    vi.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
  });
});
