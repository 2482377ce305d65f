import { describe, expect, it } from 'vitest';
import { chartWaitOf } from './chart-wait.ts';

describe('what an empty chart says', () => {
  it('offline with nothing loaded: no connection, never loading forever', () => {
    expect(chartWaitOf({ data: undefined, isPending: true, fetchStatus: 'paused' }, false)).toBe('offline');
    expect(chartWaitOf({ data: undefined, isPending: true, fetchStatus: 'paused' }, true)).toBe('offline');
    expect(chartWaitOf({ data: undefined, isPending: true, fetchStatus: 'idle' }, false)).toBe('offline');
  });

  it('loading while the answer is on its way, empty once it came without points', () => {
    expect(chartWaitOf({ data: undefined, isPending: true, fetchStatus: 'fetching' }, true)).toBe('loading');
    expect(chartWaitOf({ data: { ts: [] }, isPending: false, fetchStatus: 'idle' }, true)).toBe('empty');
    // The last loaded answer stays what it is offline.
    expect(chartWaitOf({ data: { ts: [] }, isPending: false, fetchStatus: 'paused' }, false)).toBe('empty');
  });
});
