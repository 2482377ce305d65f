import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { AutomationRepository } from '../automation/automation.repository.ts';
import type { AutomationService } from '../automation/automation.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { deviceSettingsRoutes } from './device-settings.routes.ts';
import { DeviceSettingsService } from './device-settings.service.ts';
import { KeyActionRepository } from './key-action.repository.ts';
import { KeyActionService } from './key-action.service.ts';

/** A device's settings by type, key actions and key labels (docs/decisions/011). */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'clock' | 'log'> & {
    auth: AuthService;
    devices: DeviceService;
    telemetry: TelemetryService;
    automationRepo: AutomationRepository;
    automations: AutomationService;
  },
): void {
  const { db, clock, log, auth, devices, telemetry, automationRepo, automations } = deps;
  deviceSettingsRoutes(app, {
    auth,
    settings: new DeviceSettingsService({ devices, telemetry, clock }),
    keyActions: new KeyActionService({
      repo: new KeyActionRepository(db),
      automationRepo,
      automations,
      devices,
      telemetry,
      log,
    }),
  });
}
