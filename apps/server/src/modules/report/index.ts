import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { UserRepository } from '../account/user.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { ShareRepository } from '../share/share.repository.ts';
import { TelemetryHistory } from '../telemetry/telemetry.repository.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { ReportRepository } from './report.repository.ts';
import { reportRoutes } from './report.routes.ts';
import { ReportService } from './report.service.ts';

/** Energy, and device reports (usage, on-time, energy and cost, events) with their CSV. */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db'> & {
    auth: AuthService;
    users: UserRepository;
    devices: DeviceService;
    telemetry: TelemetryService;
  },
): void {
  const { db, auth, users, devices, telemetry } = deps;
  const reports = new ReportService({
    reports: new ReportRepository(db),
    shares: new ShareRepository(db),
    history: new TelemetryHistory(db),
    devices,
    users,
    telemetry,
  });
  reportRoutes(app, { auth, reports });
}
