import { describe, expect, it } from 'vitest';
import { type PlannableAction, planActions } from './plan.ts';

const cmd = (
  deviceId: string,
  deviceParameterId: string,
  value: number,
  delay = 0,
  order = 0,
): PlannableAction => ({
  deviceId,
  deviceParameterId,
  value,
  delay,
  order,
});
const summary = (commands: PlannableAction[], inOrder: boolean) =>
  planActions(commands, inOrder).steps.map((s) => [
    s.atMs,
    s.deviceId,
    s.writes.map((w) => `${w.deviceParameterId}=${w.value}`).join(','),
  ]);

describe('planActions', () => {
  const commands = [
    cmd('lamp', 'relay_1', 1, 0, 1),
    cmd('fan', 'relay_1', 1, 5, 2),
    cmd('lamp', 'relay_2', 1, 10, 3),
  ];

  it('adds up delays when run in order', () => {
    expect(summary(commands, true)).toEqual([
      [0, 'lamp', 'relay_1=1'],
      [5000, 'fan', 'relay_1=1'],
      [15000, 'lamp', 'relay_2=1'],
    ]);
    expect(planActions(commands, true).durationMs).toBe(15000);
  });

  it('counts each delay from the start when run together', () => {
    expect(summary(commands, false)).toEqual([
      [0, 'lamp', 'relay_1=1'],
      [5000, 'fan', 'relay_1=1'],
      [10000, 'lamp', 'relay_2=1'],
    ]);
  });

  it('follows `order`, then position, whatever the list order', () => {
    const shuffled = [cmd('b', 'x', 2, 1, 2), cmd('a', 'x', 1, 1, 1), cmd('c', 'x', 3, 1, 2)];
    expect(summary(shuffled, true).map((s) => s[1])).toEqual(['a', 'b', 'c']);
    expect(summary(shuffled, true).map((s) => s[0])).toEqual([1000, 2000, 3000]);
  });

  it('merges writes to one device at one moment into one step', () => {
    const together = [cmd('switch', 'relay_1', 1), cmd('plug', 'relay_1', 0), cmd('switch', 'relay_2', 1)];
    expect(summary(together, false)).toEqual([
      [0, 'switch', 'relay_1=1,relay_2=1'],
      [0, 'plug', 'relay_1=0'],
    ]);
  });

  it('keeps in-order commands with no delay at the same moment, hence in one write per device', () => {
    expect(summary([cmd('switch', 'relay_1', 1), cmd('switch', 'relay_2', 0)], true)).toEqual([
      [0, 'switch', 'relay_1=1,relay_2=0'],
    ]);
  });

  it('lets the later command win when two write the same parameter at once, and says so', () => {
    const plan = planActions([cmd('lamp', 'relay_1', 1), cmd('lamp', 'relay_1', 0)], false);
    expect(plan.steps).toHaveLength(1);
    expect(plan.steps[0]?.writes).toEqual([
      { deviceParameterId: 'relay_1', value: 0, params: undefined, commandIndex: 1 },
    ]);
    expect(plan.overridden).toEqual([{ commandIndex: 0, byCommandIndex: 1 }]);
  });

  it('plans nothing for no commands', () => {
    expect(planActions([], true)).toEqual({ steps: [], durationMs: 0, overridden: [] });
  });
});
