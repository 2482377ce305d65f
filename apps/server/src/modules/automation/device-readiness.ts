import { DEFAULT_GRACE_MS } from '@hestia/automation';
import type { Clock } from '../../core/clock.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';

/**
 * How long a timed write (a schedule, a timer, a timed automation, a delayed step) waits for its
 * devices: retried each time its 30 s lease ends, so a restart does not fail what came due before
 * the devices reconnected. A minute before the missed-run grace runs out it runs regardless, and the
 * writes to devices still offline are recorded as failed.
 */
export const WAIT_FOR_DEVICES_MS = DEFAULT_GRACE_MS - 60_000;

/**
 * A device counts as connected from its CONNECT, but hears commands only once it has subscribed,
 * which after a restart (every device reconnecting at once) can take a moment.
 */
const JUST_CONNECTED_MS = 3000;

/** The devices among `ids` not connected now, or connected only just. */
export async function devicesNotReady(
  deps: { telemetry: TelemetryService; clock: Clock },
  ids: string[],
): Promise<string[]> {
  const latest = await deps.telemetry.latestFor(ids);
  const now = deps.clock.now();
  return ids.filter((id) => {
    const values = latest.get(id);
    const since = Number(values?.get('lastConnectTime')?.[1] ?? 0);
    return String(values?.get('active')?.[1]) !== 'true' || now - since < JUST_CONNECTED_MS;
  });
}

/** Whether a job due at `dueAt` still waits for its devices rather than running without them. */
export const stillWaiting = (clock: Clock, dueAt: number) => clock.now() - dueAt <= WAIT_FOR_DEVICES_MS;
