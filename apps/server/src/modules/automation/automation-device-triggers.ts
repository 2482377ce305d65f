/**
 * DeviceParam and Notify triggers: the telemetry this instance ingests (each message is ingested by
 * one instance) runs the active automations whose DeviceParam conditions watch the changed keys and
 * now hold, and those whose Notify conditions wait for an event the message raises (the device
 * events that notify its owner, notification/device-events.ts; docs/decisions/038). Keeps which devices are watched, and each device's automations, in caches that
 * `changed` clears. The other triggers (time, location, weather) are in automation-triggers.service.ts.
 */
import { type Condition, type EvaluationContext, evaluateAll, type Trigger } from '@hestia/automation';
import { getProfile } from '@hestia/catalog';
import { type ConditionCheckType, ConditionType, type TelemetryValue } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { DeviceSet } from '../../core/device-set.ts';
import { TtlCache } from '../../core/ttl-cache.ts';
import type { DeviceService } from '../device/device.service.ts';
import { eventsOf } from '../notification/device-events.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { AutomationRepository, AutomationRow } from './automation.repository.ts';
import type { AutomationRuns } from './automation-runs.ts';

export function deviceParamTriggers(deps: {
  repo: AutomationRepository;
  telemetry: TelemetryService;
  clock: Clock;
  runs: Pick<AutomationRuns, 'execute' | 'refused'>;
  weatherFor: (row: AutomationRow) => Promise<EvaluationContext['weather']>;
  /** The device as the automation's owner may use it (its model, for its events). */
  devices: Pick<DeviceService, 'access'>;
}) {
  const { repo, telemetry, clock, runs, weatherFor, devices } = deps;
  const onDevice = new TtlCache<string, AutomationRow[]>(5000, 50_000, clock);
  // Devices any active automation watches. Most telemetry comes from devices no automation watches:
  // those cost no database read. Refreshed on every change here and every 30 s for other instances.
  const watched = new DeviceSet(() => repo.watchedDevices(), 30_000);

  telemetry.onIngest((deviceId, values, previous, ts) =>
    watched.has(deviceId) === false ? undefined : onWatchedTelemetry(deviceId, values, previous, ts),
  );
  async function onWatchedTelemetry(
    deviceId: string,
    values: Record<string, TelemetryValue>,
    previous: Record<string, TelemetryValue | undefined>,
    ts: number,
  ): Promise<void> {
    if (!(await watched.includes(deviceId))) return;
    const list = await onDevice.getOrLoad(deviceId, () => repo.activeAutomationsOnDevice(deviceId));
    const changedKeys = Object.keys(values);
    const current = (d: string, k: string) => telemetry.cached(d, k);
    // The events this message raises, worked out once and only for an automation waiting for one.
    let events: string[] | undefined;
    const eventsFor = async (ownerId: string): Promise<string[]> => {
      if (events) return events;
      const { row: device } = await devices.access(ownerId, deviceId);
      events = eventsOf(getProfile(device.profileId), values, previous, (k) => current(deviceId, k)).map(
        (e) => e.kind,
      );
      return events;
    };
    for (const row of list ?? []) {
      const conditions = row.conditions as Condition[];
      const names = (type: ConditionType) =>
        conditions.some((c) => c.conditionType === type && c.deviceId === deviceId);
      const relevant = conditions.some(
        (c) =>
          c.conditionType === ConditionType.DeviceParam &&
          c.deviceId === deviceId &&
          changedKeys.includes(c.deviceParameterId ?? ''),
      );
      const waitsForEvent = names(ConditionType.Notify);
      if (!relevant && !waitsForEvent) continue;
      // The owner's access of now, before any value is read for them (docs/decisions/018).
      const trigger = `DeviceParam: ${changedKeys.join(', ')} changed`;
      if (relevant) {
        if (await runs.refused(row, trigger, `${row.id}:${ts}`)) continue;
        await evaluateAndRun(
          row,
          { conditionType: ConditionType.DeviceParam, deviceId, deviceParameterId: changedKeys[0] },
          trigger,
          `${row.id}:${ts}`,
        );
      }
      if (!waitsForEvent) continue;
      // Most messages raise no event: those cost no access check. A device the owner can no longer
      // use has no events to read; the access check below records that and switches the automation off.
      const raised = await eventsFor(row.ownerId).catch(() => ['']);
      if (raised.length === 0) continue;
      if (!relevant && (await runs.refused(row, 'Notify', `${row.id}:${ts}:notify`))) continue;
      for (const event of raised.filter(Boolean))
        await evaluateAndRun(
          row,
          { conditionType: ConditionType.Notify, deviceId, event },
          `Notify: ${event}`,
          `${row.id}:${ts}:${event}`,
        );
    }

    async function evaluateAndRun(row: AutomationRow, t: Trigger, label: string, occurrence: string) {
      const before = (d: string, k: string) =>
        d === deviceId && k in previous ? previous[k] : telemetry.cached(d, k);
      const evaluation = evaluateAll(row.conditions as Condition[], row.checkType as ConditionCheckType, {
        trigger: t,
        telemetry: current,
        previousTelemetry: before,
        weather: await weatherFor(row),
      });
      if (!evaluation.shouldRun) return;
      const trace = evaluation.trace.map((c) => ({
        index: c.index,
        verdict: c.verdict,
        observedValue: c.observedValue,
        explanation: c.explanation,
      }));
      await runs.execute(row, label, occurrence, trace);
    }
  }

  return {
    /** An automation was saved, switched or deleted: forget the watched devices and their automations. */
    changed(): void {
      onDevice.clear();
      watched.invalidate();
    },
    /** Stops the cache refresh timer. */
    close(): void {
      watched.close();
    },
  };
}
