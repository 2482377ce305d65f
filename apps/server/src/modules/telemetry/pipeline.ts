import type { TelemetryValue } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import type { TelemetryEvent } from '../../core/live-bus.ts';
import type { AttributeService } from './attribute.service.ts';
import { dbErrorFields } from './db-errors.ts';
import { decodeMessage, type Reading } from './decode.ts';
import type { TelemetryService } from './telemetry.service.ts';

/**
 * How often lines about one device's refused messages or failed attribute writes are logged: once a
 * minute at most, each with the count it stands for.
 */
const DEVICE_LINE_MS = 60_000;

/** Stages 4 to 7, as the telemetry service keeps their state. */
export type StoreStages = Pick<TelemetryService, 'cache' | 'history' | 'fanOut' | 'trigger'>;

/**
 * Stages 4 to 7, in order, for samples that passed stages 1 to 3 or that the server made itself
 * (connection state). One call takes a batch: a message's readings, or more.
 */
export function store(telemetry: StoreStages, samples: TelemetryEvent[]): void {
  if (samples.length === 0) return;
  // 4. cache: the latest values. What each sample replaced is kept for the triggers.
  const previous = telemetry.cache(samples);
  // 5. history: queued for the database, written in batches every 200 ms or 5,000 rows. Rows the
  //    database refuses are isolated by halving the batch and dropped alone (decision 019).
  telemetry.history(samples);
  // 6. fan-out: the live bus, to every instance's cache and sockets.
  telemetry.fanOut(samples);
  // 7. triggers: automations, data exchanges and key actions, here only (each message is ingested
  //    by one instance).
  telemetry.trigger(samples, previous);
}

/** Lines about one device: the first, then one a minute at most. */
function perDeviceLines(clock: Clock) {
  const last = new Map<string, { at: number; held: number }>();
  /** 0 when this line is held back; else how many it stands for (itself and those held back). */
  return (deviceId: string): number => {
    const now = clock.now();
    const seen = last.get(deviceId);
    if (seen && now - seen.at < DEVICE_LINE_MS) {
      seen.held++;
      return 0;
    }
    last.set(deviceId, { at: now, held: 0 });
    return (seen?.held ?? 0) + 1;
  };
}

/**
 * A device's telemetry from its message to everything that uses it, one stage after another:
 * 1. decode and 2. validate (decode.ts): a message that breaks a rule is refused whole, counted
 *    for its device and logged once a minute, and goes no further;
 * 3. stamp: readings without their own `ts` get the server's time, per device always moving
 *    forward;
 * 4. cache, 5. history, 6. fan-out, 7. triggers: `store` above.
 */
export function telemetryPipeline(deps: {
  telemetry: TelemetryService;
  attributes: AttributeService;
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}) {
  const { telemetry, attributes, clock, log } = deps;

  const refusedByDevice = new Map<string, number>();
  const refusalLine = perDeviceLines(clock);
  const attributeFailureLine = perDeviceLines(clock);
  let refused = 0;

  function refuse(deviceId: string, reason: string): void {
    refused++;
    refusedByDevice.set(deviceId, (refusedByDevice.get(deviceId) ?? 0) + 1);
    const count = refusalLine(deviceId);
    if (count > 0)
      log.warn({ deviceId, reason, refusedSinceLastLine: count }, 'device message refused; not stored');
  }

  // Server-stamped telemetry gets a time per device that always moves forward: messages that
  // queued up and are read in the same millisecond stay separate samples instead of colliding on
  // (device, key, ts) and being dropped as repeats.
  const lastStamp = new Map<string, number>();
  function stampNow(deviceId: string): number {
    const now = clock.now();
    const last = lastStamp.get(deviceId) ?? 0;
    const ts = now > last ? now : last + 1;
    lastStamp.set(deviceId, ts);
    return ts;
  }

  /** Stage 3: one message's readings as samples; those without their own time share one stamp. */
  function stamp(deviceId: string, readings: Reading[]): TelemetryEvent[] {
    const samples: TelemetryEvent[] = new Array(readings.length);
    let stamped: number | undefined;
    for (let i = 0; i < readings.length; i++) {
      const r = readings[i] as Reading;
      if (r.stamped) stamped ??= stampNow(deviceId);
      samples[i] = { deviceId, ts: r.stamped ? (stamped as number) : r.ts, values: r.values };
    }
    return samples;
  }

  return {
    /** A telemetry message as the device sent it, through every stage; false when it was refused. */
    accept(deviceId: string, payload: string): boolean {
      // 1. decode and 2. validate.
      const decoded = decodeMessage(payload, clock.now());
      if (!decoded.ok) {
        refuse(deviceId, decoded.reason);
        return false;
      }
      // 3. stamp, then 4 to 7.
      store(telemetry, stamp(deviceId, decoded.readings));
      return true;
    },

    /**
     * Telemetry a user posts for a device over REST (ThingsBoard's timeseries/ANY): the same
     * stages as a device message, but a refusal goes back to the caller with its reason instead
     * of being counted against the device.
     */
    acceptFromUser(deviceId: string, payload: string): { ok: true } | { ok: false; reason: string } {
      const decoded = decodeMessage(payload, clock.now());
      if (!decoded.ok) return decoded;
      store(telemetry, stamp(deviceId, decoded.readings));
      return { ok: true };
    },

    /** Values the server makes itself (a device's connection state): stages 4 to 7. */
    record(deviceId: string, values: Record<string, TelemetryValue>, ts: number): void {
      store(telemetry, [{ deviceId, ts, values }]);
    },

    /**
     * A device's own (client-scope) attributes, `{k: v}`: decoded and validated as telemetry is,
     * then stored apart from it (no history). A failed write is logged as refusals are: once a
     * minute per device, with the count.
     */
    acceptAttributes(deviceId: string, payload: string): boolean {
      const now = clock.now();
      const decoded = decodeMessage(payload, now, false);
      if (!decoded.ok) {
        refuse(deviceId, decoded.reason);
        return false;
      }
      const values = decoded.readings[0]?.values;
      if (!values) return true;
      const write = attributes.fromDevice(deviceId, values, now);
      // A PUBACK for these attributes waits for this write too (decision 040).
      telemetry.track(write);
      write.catch((err: unknown) => {
        const count = attributeFailureLine(deviceId);
        if (count > 0)
          log.error(
            { deviceId, ...dbErrorFields(err), failedSinceLastLine: count },
            'device attributes could not be stored',
          );
      });
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
