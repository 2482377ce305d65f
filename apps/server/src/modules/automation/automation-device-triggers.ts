/**
 * DeviceParam triggers: the telemetry this instance ingests (each message is ingested by one
 * instance) runs the active automations whose DeviceParam conditions watch the changed keys and
 * now hold. Keeps which devices are watched, and each device's automations, in caches that
 * `changed` clears. The other triggers (time, location, weather) are in automation-triggers.service.ts.
 */
import { type Condition, type EvaluationContext, evaluateAll } from '@hestia/automation';
import { type ConditionCheckType, ConditionType, type TelemetryValue } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { DeviceSet } from '../../core/device-set.ts';
import { TtlCache } from '../../core/ttl-cache.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { AutomationRepository, AutomationRow } from './automation.repository.ts';
import type { AutomationRuns } from './automation-runs.ts';

export function deviceParamTriggers(deps: {
  repo: AutomationRepository;
  telemetry: TelemetryService;
  clock: Clock;
  runs: Pick<AutomationRuns, 'execute' | 'refused'>;
  weatherFor: (row: AutomationRow) => Promise<EvaluationContext['weather']>;
}) {
  const { repo, telemetry, clock, runs, weatherFor } = deps;
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
    for (const row of list ?? []) {
      const conditions = row.conditions as Condition[];
      const changedKeys = Object.keys(values);
      const relevant = conditions.some(
        (c) =>
          c.conditionType === ConditionType.DeviceParam &&
          c.deviceId === deviceId &&
          changedKeys.includes(c.deviceParameterId ?? ''),
      );
      if (!relevant) continue;
      // The owner's access of now, before any value is read for them (docs/decisions/018).
      const trigger = `DeviceParam: ${changedKeys.join(', ')} changed`;
      if (await runs.refused(row, trigger, `${row.id}:${ts}`)) continue;
      const current = (d: string, k: string) => telemetry.cached(d, k);
      const before = (d: string, k: string) =>
        d === deviceId && k in previous ? previous[k] : telemetry.cached(d, k);
      const evaluation = evaluateAll(conditions, row.checkType as ConditionCheckType, {
        trigger: { conditionType: ConditionType.DeviceParam, deviceId, deviceParameterId: changedKeys[0] },
        telemetry: current,
        previousTelemetry: before,
        weather: await weatherFor(row),
      });
      if (!evaluation.shouldRun) continue;
      const trace = evaluation.trace.map((t) => ({
        index: t.index,
        verdict: t.verdict,
        observedValue: t.observedValue,
        explanation: t.explanation,
      }));
      await runs.execute(row, trigger, `${row.id}:${ts}`, trace);
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
