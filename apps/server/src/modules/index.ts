import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../core/infrastructure.ts';
import type { DeviceEdge } from '../device-edge.ts';
import { register as registerAccount } from './account/index.ts';
import { AssetRepository } from './asset/asset.repository.ts';
import { register as registerAsset } from './asset/index.ts';
import type { JobRow } from './automation/automation.repository.ts';
import { register as registerAutomation } from './automation/index.ts';
import type { WeatherProvider } from './automation/weather.service.ts';
import { register as registerDataExchange } from './data-exchange/index.ts';
import { DeviceRepository } from './device/device.repository.ts';
import { register as registerDevice } from './device/index.ts';
import { register as registerDeviceSettings } from './device-settings/index.ts';
import { register as registerFiles } from './files/index.ts';
import { register as registerFirmware } from './firmware/index.ts';
import { register as registerNotifications } from './notification/index.ts';
import { register as registerOnboarding } from './onboarding/index.ts';
import { register as registerProvisioning } from './provisioning/index.ts';
import { register as registerRemote } from './remote/index.ts';
import { register as registerReport } from './report/index.ts';
import { register as registerSchedule } from './schedule/index.ts';
import type { ScheduleService } from './schedule/schedule.service.ts';
import { register as registerShare } from './share/index.ts';
import { ShareRepository } from './share/share.repository.ts';
import { register as registerSystem } from './system/index.ts';
import type { Hub } from './telemetry/hub.ts';
import { register as registerTelemetry } from './telemetry/index.ts';
import { register as registerVoice } from './voice/index.ts';

/**
 * Every module's routes and services, in the order they depend on each other: accounts (auth) first,
 * devices next, then what works on devices. Returns what the infrastructure needs back: the device
 * service (for claims) and a runner per kind of job.
 */
export async function registerModules(
  app: FastifyInstance,
  infra: Infrastructure & {
    secret: Uint8Array;
    edge: DeviceEdge;
    hub: Hub;
    outboxWrite?: ((line: string) => void) | undefined;
    weather?: WeatherProvider | undefined;
  },
) {
  const { edge } = infra;
  const { telemetry, attributes, pipeline, gateway, provisioning } = edge;
  const { users, auth, accounts, limits } = registerAccount(app, infra);
  registerSystem(app, { ...infra, auth, mqttUrl: edge.mqttUrl });
  registerFiles(app, { ...infra, auth });
  const { devices } = registerDevice(app, {
    ...infra,
    auth,
    telemetry,
    gateway,
    assets: new AssetRepository(infra.db),
    shares: new ShareRepository(infra.db),
  });
  const { assets: places } = registerAsset(app, { ...infra, auth, devices });
  registerTelemetry(app, { ...infra, auth, devices, telemetry, attributes, pipeline });
  const { notifications } = await registerNotifications(app, {
    ...infra,
    auth,
    devices,
    deviceRows: new DeviceRepository(infra.db),
    telemetry,
  });
  registerShare(app, { ...infra, auth, devices, limits, onShare: (e) => notifications.shareEvent(e) });
  let schedules: ScheduleService | undefined;
  const automation = registerAutomation(app, {
    ...infra,
    auth,
    users,
    accounts,
    devices,
    telemetry,
    schedules: { removeForScenario: async (userId, id) => schedules?.removeForScenario(userId, id) },
    notify: async (userId, name, message) => {
      await notifications.notify({ userId, kind: 'automation', name, message });
    },
  });
  const { automations, triggers, repo } = automation;
  ({ schedules } = registerSchedule(app, { ...infra, auth, repo, users, devices, automations, telemetry }));
  registerDataExchange(app, { ...infra, auth, devices, telemetry });
  registerDeviceSettings(app, { ...infra, auth, devices, telemetry, automationRepo: repo, automations });
  registerReport(app, { ...infra, auth, users, devices, telemetry });
  registerRemote(app, { ...infra, auth, devices });
  registerVoice(app, { ...infra, auth, devices, automations, attempts: edge.attempts });
  await registerProvisioning(app, { ...infra, auth, users, devices, provisioning, attempts: edge.attempts });
  registerOnboarding(app, { ...infra, auth, devices, places, attempts: edge.attempts });
  const { firmware } = await registerFirmware(app, {
    ...infra,
    auth,
    devices,
    attributes,
    telemetry,
    gateway,
    attempts: edge.attempts,
  });
  // Each firmware update's end (UPDATED or FAILED, heard once by the firmware module) notifies the owner.
  firmware.onResult((r) => {
    notifications
      .firmwareResult(r.deviceId, { state: r.state, ...(r.version ? { version: r.version } : {}) })
      .catch((err: unknown) =>
        infra.log.error({ err, deviceId: r.deviceId }, 'firmware notification failed'),
      );
  });

  const scheduled = schedules;
  const jobRunners: Record<JobRow['kind'], (job: JobRow) => Promise<void>> = {
    schedule: (job) => scheduled.runJob(job),
    action: (job) =>
      automations.runDelayedStep(job.refId, job.payload as { atMs: number; deviceId?: string }, job.runAt),
    automation: (job) => triggers.runTimed(job),
    weather: (job) => triggers.runWeather(job),
  };
  return { devices, automationRepo: repo, jobRunners, firmware };
}
