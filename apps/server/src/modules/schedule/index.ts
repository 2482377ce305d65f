import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { UserRepository } from '../account/user.repository.ts';
import type { AutomationRepository } from '../automation/automation.repository.ts';
import type { AutomationService } from '../automation/automation.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { scheduleRoutes } from './schedule.routes.ts';
import { ScheduleService } from './schedule.service.ts';

/** Device timers and schedules, and scenarios' schedules (jobs in the `jobs` table, decision 010). */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'bus' | 'clock' | 'log'> & {
    auth: AuthService;
    repo: AutomationRepository;
    users: UserRepository;
    devices: DeviceService;
    automations: AutomationService;
    telemetry: TelemetryService;
  },
) {
  const { auth, repo, users, devices, automations, telemetry, clock, bus, log } = deps;
  const schedules = new ScheduleService({ repo, users, devices, automations, telemetry, clock, bus, log });
  scheduleRoutes(app, { auth, schedules });
  return { schedules };
}
