import { describe, expect, it } from 'vitest';
import { EVENT_LIMIT, groupEvents } from './event-group.ts';

describe('device events from telemetry history', () => {
  it('joins the keys reported at one moment into one event, newest first', () => {
    const events = groupEvents(
      {
        event: [
          { ts: 2000, value: '3' },
          { ts: 1000, value: '1' },
        ],
        open_method: [
          { ts: 1000, value: '0' },
          { ts: 2000, value: '2' },
        ],
        user_number: [{ ts: 1000, value: '3' }],
      },
      'event',
    );
    expect(events).toEqual([
      { ts: 2000, values: { event: '3', open_method: '2' } },
      { ts: 1000, values: { event: '1', open_method: '0', user_number: '3' } },
    ]);
  });

  it('ignores moments without the main key and keeps at most the limit', () => {
    const many = Array.from({ length: EVENT_LIMIT + 5 }, (_, i) => ({ ts: i, value: '1' }));
    const events = groupEvents(
      { sensor_status: many, battery: [{ ts: 10_000, value: '90' }] },
      'sensor_status',
    );
    expect(events).toHaveLength(EVENT_LIMIT);
    expect(events[0]?.ts).toBe(EVENT_LIMIT + 4);
    expect(events.some((e) => e.ts === 10_000)).toBe(false);
  });
});
