/** What a chart with no points says: why there is nothing to draw. */
export type ChartWait = 'offline' | 'loading' | 'empty';

/**
 * Offline with nothing loaded, a chart's query is paused until the network returns: it says so
 * instead of "Loading…" forever (issue 17, item 3). Loading while it loads; with an answer, empty.
 */
export function chartWaitOf(
  query: { data: unknown; isPending: boolean; fetchStatus: string },
  online: boolean,
): ChartWait {
  if (query.data !== undefined) return 'empty';
  if (!online || query.fetchStatus === 'paused') return 'offline';
  return query.isPending ? 'loading' : 'empty';
}
