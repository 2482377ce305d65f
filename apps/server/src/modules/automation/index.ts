import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { UserRepository } from '../account/user.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { remoteService } from '../remote/index.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { AutomationRepository } from './automation.repository.ts';
import { automationRoutes } from './automation.routes.ts';
import { AutomationService } from './automation.service.ts';
import { AutomationTriggers } from './automation-triggers.service.ts';
import { httpWeatherProvider, localWeatherProvider, type WeatherProvider } from './weather.service.ts';

/**
 * Automations and scenarios: saving, running with traces, and their triggers (device parameters on
 * ingest; Schedule, Timer, Location and Weather conditions). Their notifications go through `notify`.
 */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'config' | 'db' | 'bus' | 'clock' | 'log' | 'onClose'> & {
    auth: AuthService;
    users: UserRepository;
    accounts: AccountService;
    devices: DeviceService;
    telemetry: TelemetryService;
    /** A deleted scenario's schedules go with it (the schedule module, registered after this one). */
    schedules: { removeForScenario(userId: string, scenarioId: string): Promise<unknown> };
    /** Weather for Weather conditions (default: WEATHER_URL, else readings nobody set). */
    weather?: WeatherProvider | undefined;
    /** Stores and pushes an automation's notification (the notification module). */
    notify?: (userId: string, name: string, message: string) => Promise<void>;
  },
) {
  const { config, db, bus, clock, log, auth, users, accounts, devices, telemetry } = deps;
  const repo = new AutomationRepository(db);
  const automations = new AutomationService({
    repo,
    devices,
    // A remote press as an action goes through the remote module's send (docs/decisions/049).
    remotes: remoteService({ db, devices }),
    telemetry,
    clock,
    bus,
    log,
    ...(deps.notify ? { notify: deps.notify } : {}),
  });
  deps.onClose(() => automations.close());
  const triggers = new AutomationTriggers({
    repo,
    users,
    automations,
    telemetry,
    weather:
      deps.weather ?? (config.WEATHER_URL ? httpWeatherProvider(config.WEATHER_URL) : localWeatherProvider()),
    clock,
    weatherPollMs: config.WEATHER_POLL_MINUTES * 60_000,
    log,
  });
  // Location conditions: the phone's position arrives as a profile update (type Location).
  accounts.onLocation((userId, previous, next) => triggers.onLocation(userId, previous, next));
  automationRoutes(app, { auth, automations, schedules: deps.schedules });
  return { repo, automations, triggers };
}
