import type { AttributeService } from '../services/attribute.service.ts';
import type { Clock } from '../services/clock.ts';
import type { TelemetryService } from '../services/telemetry.service.ts';
import { decodeMessage, type Reading } from './decode.ts';

/** How often a device's refused messages are logged: once a minute at most, with their count. */
const REFUSAL_LOG_MS = 60_000;

/**
 * A device's telemetry from its message to everything that uses it. The stages, in order:
 * 1. decode and 2. validate (decode.ts): a message that breaks a rule is refused whole, counted
 *    for its device and logged once a minute, and goes no further;
 * 3. stamp: a message without `ts` gets the server's time, per device always moving forward;
 * then in the telemetry service's `ingest`: 4. cache (latest values), 5. history (batched, a
 * database refusal isolated to its rows), 6. fan-out (the live bus), 7. triggers (automations).
 */
export function telemetryPipeline(deps: {
  telemetry: TelemetryService;
  attributes: AttributeService;
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}) {
  const { telemetry, attributes, clock, log } = deps;

  // Server-stamped telemetry gets a time per device that always moves forward: messages that
  // queued up and are read in the same millisecond stay separate samples instead of colliding on
  // (device, key, ts) and being dropped as repeats.
  const lastStamp = new Map<string, number>();
  function stamp(deviceId: string): number {
    const now = clock.now();
    const last = lastStamp.get(deviceId) ?? 0;
    const ts = now > last ? now : last + 1;
    lastStamp.set(deviceId, ts);
    return ts;
  }

  const refusedByDevice = new Map<string, number>();
  const lastLogged = new Map<string, { at: number; count: number }>();
  let refused = 0;

  function refuse(deviceId: string, reason: string): void {
    refused++;
    refusedByDevice.set(deviceId, (refusedByDevice.get(deviceId) ?? 0) + 1);
    const now = clock.now();
    const seen = lastLogged.get(deviceId);
    if (seen && now - seen.at < REFUSAL_LOG_MS) {
      seen.count++;
      return;
    }
    log.warn(
      { deviceId, reason, refusedSinceLastLine: (seen?.count ?? 0) + 1 },
      'device message refused; not stored',
    );
    lastLogged.set(deviceId, { at: now, count: 0 });
  }

  /** Stages 3 onwards: readings without their own time share one stamp, then the telemetry service. */
  function ingest(deviceId: string, readings: Reading[]): void {
    const stamped = readings.some((r) => r.stamped) ? stamp(deviceId) : 0;
    for (const r of readings) telemetry.ingest(deviceId, r.values, r.stamped ? stamped : r.ts);
  }

  return {
    /** A telemetry message as the device sent it; false when it was refused. */
    accept(deviceId: string, payload: string): boolean {
      const decoded = decodeMessage(payload, clock.now());
      if (!decoded.ok) refuse(deviceId, decoded.reason);
      else ingest(deviceId, decoded.readings);
      return decoded.ok;
    },

    /**
     * Telemetry a user posts for a device over REST (ThingsBoard's timeseries/ANY): the same
     * stages as a device message, but a refusal goes back to the caller with its reason instead
     * of being counted against the device.
     */
    acceptFromUser(deviceId: string, payload: string): { ok: true } | { ok: false; reason: string } {
      const decoded = decodeMessage(payload, clock.now());
      if (!decoded.ok) return decoded;
      ingest(deviceId, decoded.readings);
      return { ok: true };
    },

    /**
     * A device's own (client-scope) attributes, `{k: v}`: decoded and validated as telemetry is,
     * then stored apart from it (no history).
     */
    acceptAttributes(deviceId: string, payload: string): boolean {
      const now = clock.now();
      const decoded = decodeMessage(payload, now, false);
      if (!decoded.ok) {
        refuse(deviceId, decoded.reason);
        return false;
      }
      const values = decoded.readings[0]?.values;
      if (values)
        attributes
          .fromDevice(deviceId, values, now)
          .catch((err: unknown) => log.error({ err }, 'device attributes could not be stored'));
      return true;
    },

    /** The device left: its server stamps start afresh. */
    forget(deviceId: string): void {
      lastStamp.delete(deviceId);
    },

    /** Refused messages since start, in all and for one device. */
    refused(deviceId?: string): number {
      return deviceId === undefined ? refused : (refusedByDevice.get(deviceId) ?? 0);
    },
  };
}

export type TelemetryPipeline = ReturnType<typeof telemetryPipeline>;
