import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type RunningDevice, type SimulatedDeviceSpec, startDevice, type TopicMode } from './device.ts';

export interface Fleet {
  readonly devices: ReadonlyMap<string, RunningDevice>;
  add(spec: SimulatedDeviceSpec): Promise<RunningDevice>;
  stop(): Promise<void>;
}

const TICK_MS = 250;
/** How often the fleet checks whether its devices' kept state changed (`stateFile`). */
const SAVE_EVERY_MS = 2000;

/** The kept state of a fleet's devices; a missing or unreadable file is an empty one. */
function readKept(file: string): Record<string, Record<string, number | string>> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, Record<string, number | string>>)
      : {};
  } catch {
    return {};
  }
}

/** A set of virtual devices sharing one clock tick (motors move, meters report). */
export async function startFleet(opts: {
  url: string;
  mode: TopicMode;
  devices: SimulatedDeviceSpec[];
  /**
   * A JSON file where the fleet keeps what its devices keep across a restart (their writable keys'
   * values, by device id), as real devices keep their relays when the server restarts. Read at
   * start, written within a couple of seconds of a change and at stop. Unset: nothing is kept.
   */
  stateFile?: string;
  /** Clock speed of devices whose spec gives none (default real time; see `SimulatedDeviceSpec.speed`). */
  speed?: number;
}): Promise<Fleet> {
  const devices = new Map<string, RunningDevice>();
  const kept = opts.stateFile ? readKept(opts.stateFile) : {};
  let written = JSON.stringify(kept);
  const save = () => {
    if (!opts.stateFile) return;
    const now: Record<string, Record<string, number | string>> = { ...kept };
    for (const [id, d] of devices) now[id] = d.kept();
    const text = JSON.stringify(now);
    if (text === written) return;
    try {
      writeFileSync(`${opts.stateFile}.tmp`, text);
      renameSync(`${opts.stateFile}.tmp`, opts.stateFile);
      written = text;
    } catch {
      // A full or read-only disk: the devices go on; they only forget their state at the next restart.
    }
  };
  let last = Date.now();
  let sinceSave = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const dt = now - last;
    last = now;
    for (const d of devices.values()) d.tick(dt);
    sinceSave += dt;
    if (sinceSave >= SAVE_EVERY_MS) {
      sinceSave = 0;
      save();
    }
  }, TICK_MS);
  timer.unref();

  const fleet: Fleet = {
    devices,
    async add(spec) {
      const d = await startDevice(
        opts.url,
        { ...spec, kept: spec.kept ?? kept[spec.id], speed: spec.speed ?? opts.speed },
        opts.mode,
      );
      devices.set(spec.id, d);
      return d;
    },
    async stop() {
      clearInterval(timer);
      save();
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
