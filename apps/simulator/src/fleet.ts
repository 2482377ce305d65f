import { type RunningDevice, type SimulatedDeviceSpec, startDevice, type TopicMode } from './device.ts';

export interface Fleet {
  readonly devices: ReadonlyMap<string, RunningDevice>;
  add(spec: SimulatedDeviceSpec): Promise<RunningDevice>;
  stop(): Promise<void>;
}

const TICK_MS = 250;

/** A set of virtual devices sharing one clock tick (motors move, meters report). */
export async function startFleet(opts: {
  url: string;
  mode: TopicMode;
  devices: SimulatedDeviceSpec[];
}): Promise<Fleet> {
  const devices = new Map<string, RunningDevice>();
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    const dt = now - last;
    last = now;
    for (const d of devices.values()) d.tick(dt);
  }, TICK_MS);
  timer.unref();

  const fleet: Fleet = {
    devices,
    async add(spec) {
      const d = await startDevice(opts.url, spec, opts.mode);
      devices.set(spec.id, d);
      return d;
    },
    async stop() {
      clearInterval(timer);
      await Promise.all([...devices.values()].map((d) => d.close()));
      devices.clear();
    },
  };
  // Connect in small waves so a large fleet does not hit the broker all at once.
  for (let i = 0; i < opts.devices.length; i += 50) {
    await Promise.all(opts.devices.slice(i, i + 50).map((s) => fleet.add(s)));
  }
  return fleet;
}
