import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll } from 'vitest';
import { type E2eStack, startE2e } from './stack.ts';

/**
 * What every control-screen spec shares: its own stack with the devices it adds to the demo home,
 * the demo user's API client, and the simulated devices by name. A spec file calls
 * `useControlStack` once at its top; `stack` and `api` are set before its first test.
 */
export let stack: E2eStack;
export let api: HestiaClient;
const ids: Record<string, string> = {};

/** A device to add to the demo home: its catalogue model and the name the user gave it. */
export type Added = readonly [profileId: string, label: string];

/**
 * Start the stack before the file's tests and stop it after them. Every simulated device of the demo
 * home is known by its profile id, every added one by its key in `added`.
 */
export function useControlStack(added: Record<string, Added>): void {
  beforeAll(async () => {
    stack = await startE2e();
    for (const d of stack.fleet.devices.values()) ids[d.spec.profileId] = d.spec.id;
    for (const [name, [profileId, label]] of Object.entries(added))
      ids[name] = await stack.addDevice(profileId, label);
    api = await stack.demoClient();
  }, 60_000);
  afterAll(() => stack?.stop());
}

export const id = (name: string) => ids[name] as string;

export const device = (name: string) => {
  const d = stack.fleet.devices.get(id(name));
  if (!d) throw new Error(`no simulated ${name}`);
  return d;
};

/** A value as the simulated device holds it. */
export const sim = (name: string, key: string) => device(name).sim.values.get(key);
