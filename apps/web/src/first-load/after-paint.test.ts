import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint.ts';

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function frames() {
    const pending: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => pending.push(fn));
    vi.stubGlobal('cancelAnimationFrame', () => pending.splice(0));
    return () => {
      for (const fn of pending.splice(0)) fn(0);
    };
  }

  it('runs after the next frame, in a task of its own', () => {
    vi.useFakeTimers();
    const paint = frames();
    const fn = vi.fn();
    afterNextPaint(fn);
    expect(fn).not.toHaveBeenCalled();
    paint();
    expect(fn).not.toHaveBeenCalled(); // not in the frame: after it
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledOnce();
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    const paint = frames();
    const fn = vi.fn();
    afterNextPaint(fn)();
    paint();
    vi.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
  });
});
