import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyWebsocket from '@fastify/websocket';
import { openApiDocument } from '@hestia/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, ConfigError } from './config.ts';
import { type Clock, systemClock } from './core/clock.ts';
import { AttemptLimiter, attemptStore, guessLimits } from './core/rate-limiter.ts';
import { type Database, openPglite, openPostgres } from './db/database.ts';
import { startEmbeddedBroker } from './gateway/embedded-broker.ts';
import { connectExternalBroker } from './gateway/external-broker.ts';
import { createGateway, type Gateway } from './gateway/gateway.ts';
import type { BrokerTransport } from './gateway/transport.ts';
import { maintainPartitions, runRetention, tidyDatabase } from './jobs/retention.ts';
import { startWorker, type Worker } from './jobs/worker.ts';
import { inProcessBus, type LiveBus, redisBus } from './live/bus.ts';
import { createHub } from './live/hub.ts';
import { accountService } from './modules/account/account.service.ts';
import { authRoutes } from './modules/account/auth.routes.ts';
import { authService } from './modules/account/auth.service.ts';
import { codesService } from './modules/account/codes.service.ts';
import { consoleOutbox, httpSmsSender, routingSender, smtpSender } from './modules/account/notifier.ts';
import { profileImageRepository } from './modules/account/profile-image.repository.ts';
import { profileImageRoutes } from './modules/account/profile-image.routes.ts';
import { settingsRepository } from './modules/account/settings.repository.ts';
import { userRepository } from './modules/account/user.repository.ts';
import { assetRepository } from './modules/asset/asset.repository.ts';
import { assetRoutes } from './modules/asset/asset.routes.ts';
import { assetService } from './modules/asset/asset.service.ts';
import { automationRepository, type JobRow } from './modules/automation/automation.repository.ts';
import { automationRoutes } from './modules/automation/automation.routes.ts';
import { automationService } from './modules/automation/automation.service.ts';
import { automationTriggers } from './modules/automation/automation-triggers.service.ts';
import {
  httpWeatherProvider,
  localWeatherProvider,
  type WeatherProvider,
} from './modules/automation/weather.service.ts';
import { dataExchangeService } from './modules/data-exchange/data-exchange.service.ts';
import { attributeRepository } from './modules/device/attribute.repository.ts';
import { type AttributeService, attributeService } from './modules/device/attribute.service.ts';
import { deviceRepository } from './modules/device/device.repository.ts';
import { deviceRoutes } from './modules/device/device.routes.ts';
import { deviceService } from './modules/device/device.service.ts';
import { deviceSettingsRoutes } from './modules/device/device-settings.routes.ts';
import { deviceSettingsService } from './modules/device/device-settings.service.ts';
import { keyActionRepository } from './modules/device/key-action.repository.ts';
import { keyActionService } from './modules/device/key-action.service.ts';
import { operatorKey, operatorService } from './modules/provisioning/operator.service.ts';
import { provisioningRepository } from './modules/provisioning/provisioning.repository.ts';
import { provisioningRoutes } from './modules/provisioning/provisioning.routes.ts';
import {
  claimLimits,
  type ProvisioningService,
  provisioningService,
} from './modules/provisioning/provisioning.service.ts';
import { reportRepository } from './modules/report/report.repository.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { reportService } from './modules/report/report.service.ts';
import { scheduleService } from './modules/schedule/schedule.service.ts';
import { shareRepository } from './modules/share/share.repository.ts';
import { shareService } from './modules/share/share.service.ts';
import { type TelemetryPipeline, telemetryPipeline } from './modules/telemetry/pipeline.ts';
import { devicesMarkedActive, telemetryRepository } from './modules/telemetry/telemetry.repository.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { type TelemetryService, telemetryService } from './modules/telemetry/telemetry.service.ts';
import { telemetrySocket } from './modules/telemetry/telemetry-ws.ts';
import { errSerializer, installErrorHandling } from './plugins/api.ts';
import { registerWebShell } from './plugins/web-shell.ts';
import { seedDemo } from './seed/demo.ts';

export interface HestiaServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** Base URL of the HTTP server, e.g. http://127.0.0.1:8080 */
  url: string;
  /** MQTT URL devices connect to (the embedded broker, or MQTT_URL). */
  mqttUrl: string;
  demoSeeded: boolean;
  /** The device side (broker RPC), for benchmarks that measure below HTTP. */
  gateway: Gateway;
  /** Telemetry in and latest values (tests and benchmarks feed history through it). */
  telemetry: TelemetryService;
  /** Device messages in: decoded, validated, then ingested (refusal counts for tests). */
  pipeline: TelemetryPipeline;
  /** Device attributes by scope. */
  attributes: AttributeService;
  /** The job worker (tests call `tick` after moving the clock). */
  worker: Worker;
  /** ThingsBoard provisioning requests and claim messages, for the gateway (docs/decisions/020). */
  provisioning: ProvisioningService;
  close(): Promise<void>;
}

const webDistDefault = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Strip secrets (the socket's token) from logged URLs. */
const redactUrl = (url: string) => url.replace(/([?&](token|accessToken)=)[^&]*/gi, '$1[redacted]');

export interface ServerOptions {
  clock?: Clock;
  /** Where the operator's outbox writes codes (default: the console). */
  outboxWrite?: (line: string) => void;
  /** Weather for Weather conditions (default: WEATHER_URL, else readings nobody set). */
  weather?: WeatherProvider;
  /**
   * Something the server cannot go on without stopped (the embedded database's thread): logged at
   * once, then this is called (`npm start` exits with an error so a supervisor can start it again).
   */
  onFatal?: (err: Error) => void;
  /** Where log lines go (default: standard output); tests read what was logged. */
  logStream?: { write(line: string): void };
}

export async function createServer(config: Config, opts: ServerOptions = {}): Promise<HestiaServer> {
  const clock = opts.clock ?? systemClock;
  const closers: Array<() => Promise<void> | void> = [];
  // Everything opened is closed in reverse order; one failing closer does not keep the rest open.
  const closeAll = async () => {
    for (const c of closers.splice(0).reverse()) {
      try {
        await c();
      } catch {
        // closing is best effort
      }
    }
  };
  try {
    const app = Fastify({
      logger: {
        level: config.LOG_LEVEL,
        redact: [
          'req.headers.authorization',
          'req.headers["x-authorization"]',
          'body.password',
          'body.refreshToken',
        ],
        // Errors are logged as the Error itself, `{ err }`, never as `err.message`: this serializer
        // keeps a failed statement's text and SQLSTATE but never its parameters (a drizzle error's
        // message lists them). test/failure-logs.test.ts holds every log call to it.
        serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url) }), err: errSerializer },
        ...(opts.logStream ? { stream: opts.logStream } : {}),
      },
      bodyLimit: 256 * 1024,
      trustProxy: false,
    });
    const log = app.log;

    const database =
      config.mode === 'scaled'
        ? await openPostgres(config.DATABASE_URL as string)
        : await openPglite(config.dataDir);
    closers.push(() => database.close());
    database.onLost?.((err) => {
      log.fatal({ err }, 'the embedded database stopped; the server cannot go on');
      opts.onFatal?.(err);
    });
    const { db } = database;

    const secretText =
      config.JWT_SECRET ??
      (await settingsRepository(db).getOrCreate('jwt_secret', () => randomBytes(48).toString('base64url')));
    const secret = new TextEncoder().encode(secretText);

    const bus: LiveBus =
      config.mode === 'scaled'
        ? await redisBus(config.REDIS_URL as string, (err) => log.warn({ err }, 'redis error'))
        : inProcessBus();
    closers.push(() => bus.close());

    const telemetry = telemetryService({ repo: telemetryRepository(db), bus, clock, log });
    closers.push(() => telemetry.close());

    const devicesRepo = deviceRepository(db);
    let transport: BrokerTransport;
    let mqttUrl: string;
    if (config.mode === 'scaled') {
      transport = await connectExternalBroker(config.MQTT_URL as string, log);
      mqttUrl = config.MQTT_URL as string;
    } else {
      const broker = await startEmbeddedBroker({
        host: config.HOST,
        port: config.MQTT_PORT,
        deviceByToken: (t) => devicesRepo.byAccessToken(t),
        log,
      });
      transport = broker;
      mqttUrl = `mqtt://127.0.0.1:${broker.port}`;
      // The broker just started, so no device is connected, whatever the last run left behind.
      for (const id of await devicesMarkedActive(db))
        telemetry.ingest(id, { active: false, lastDisconnectTime: clock.now() });
    }
    closers.push(() => transport.close());
    // Provisioning and claims (docs/decisions/020), ready for the gateway. A claimed device's cached
    // row is dropped by the device service, made below. Wrong claims and operator keys are counted in
    // the database like the other guess limits (decision 017).
    const deviceAttempts = attemptStore(db, clock);
    const provisioning = provisioningService({
      devices: devicesRepo,
      provisioning: provisioningRepository(db),
      assets: assetRepository(db),
      forget: (id) => devices.forget(id),
      clock,
      log,
      limits: claimLimits(deviceAttempts),
    });
    const attributes = attributeService({ repo: attributeRepository(db), bus, transport, clock, log });
    const pipeline = telemetryPipeline({ telemetry, attributes, clock, log });
    const gateway = createGateway({
      transport,
      telemetry,
      pipeline,
      attributes,
      clock,
      log,
      inactivityTimeoutMs: config.DEVICE_INACTIVITY_TIMEOUT * 1000,
      edge: provisioning,
    });
    closers.push(() => gateway.close());

    const users = userRepository(db);
    const outbox =
      (config.OUTBOX ?? (config.mode === 'embedded' ? 'console' : 'off')) === 'console'
        ? consoleOutbox(opts.outboxWrite ?? ((line) => console.log(line)))
        : undefined;
    const sender = routingSender(
      config.SMTP_URL ? smtpSender(config.SMTP_URL, config.SMTP_FROM) : outbox,
      config.SMS_HTTP_URL ? httpSmsSender(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN) : outbox,
    );
    // Guess and send limits, counted in the database so every instance shares them (decision 017).
    const limits = guessLimits(attemptStore(db, clock));
    const codes = codesService({ users, sender, secret, clock, limits });
    const auth = authService({ users, codes, secret, clock, bus, limits });
    const accounts = accountService({ users, codes, auth, clock, limits, log });
    const assetsRepo = assetRepository(db);
    const sharesRepo = shareRepository(db);
    const devices = deviceService({
      devices: devicesRepo,
      assets: assetsRepo,
      shares: sharesRepo,
      telemetry,
      gateway,
      bus,
      clock,
    });
    const assets = assetService({ assets: assetsRepo, devices });
    const shares = shareService({ shares: sharesRepo, devices, bus, clock, limits });
    const hub = createHub(bus);
    closers.push(() => hub.close());

    const webDist = config.WEB_DIST ?? webDistDefault;
    const serveShell = existsSync(resolve(webDist, 'index.html'));
    if (serveShell) await registerWebShell(app, webDist);
    installErrorHandling(app, { serveShell });

    await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
    authRoutes(app, { auth, accounts, clock });
    // The API described from the contract (OpenAPI 3.1), built once.
    const openApi = openApiDocument();
    app.get('/api/docs', async () => openApi);
    deviceRoutes(app, { auth, devices, assets, shares });
    assetRoutes(app, { auth, assets });
    telemetryRoutes(app, { auth, devices, telemetry, attributes, pipeline, clock, db });
    const automationRepo = automationRepository(db);
    const automations = automationService({ repo: automationRepo, devices, telemetry, clock, bus, log });
    closers.push(() => automations.close());
    const triggers = automationTriggers({
      repo: automationRepo,
      users,
      automations,
      telemetry,
      weather:
        opts.weather ??
        (config.WEATHER_URL ? httpWeatherProvider(config.WEATHER_URL) : localWeatherProvider()),
      clock,
      weatherPollMs: config.WEATHER_POLL_MINUTES * 60_000,
      log,
    });
    // Location conditions: the phone's position arrives as a profile update (type Location).
    accounts.onLocation((userId, previous, next) => triggers.onLocation(userId, previous, next));
    const schedules = scheduleService({
      repo: automationRepo,
      users,
      devices,
      automations,
      telemetry,
      clock,
      bus,
      log,
    });
    const exchanges = dataExchangeService({ db, devices, telemetry, clock, log, bus });
    closers.push(() => exchanges.close());
    automationRoutes(app, { auth, automations, schedules, repo: automationRepo, exchanges });
    deviceSettingsRoutes(app, {
      auth,
      settings: deviceSettingsService({ devices, telemetry, clock }),
      keyActions: keyActionService({
        repo: keyActionRepository(db),
        automationRepo,
        automations,
        devices,
        telemetry,
        log,
      }),
    });
    const jobRunners: Record<JobRow['kind'], (job: JobRow) => Promise<void>> = {
      schedule: (job) => schedules.runJob(job),
      action: (job) =>
        automations.runDelayedStep(job.refId, job.payload as { atMs: number; deviceId?: string }, job.runAt),
      automation: (job) => triggers.runTimed(job),
      weather: (job) => triggers.runWeather(job),
    };
    const worker = startWorker({ repo: automationRepo, clock, log, run: (job) => jobRunners[job.kind](job) });
    closers.push(() => worker.stop());
    reportRoutes(app, {
      auth,
      reports: reportService({ db, reports: reportRepository(db), devices, users, telemetry }),
    });
    profileImageRoutes(app, { auth, images: profileImageRepository(db) });
    provisioningRoutes(app, {
      auth,
      devices,
      provisioning,
      operator: operatorService({ devices: devicesRepo, users, assets: assetsRepo, provisioning }),
      operatorKey: await operatorKey(config, db, log),
      operatorGuesses: new AttemptLimiter(deviceAttempts, {
        name: 'operator-key',
        limit: 10,
        windowMs: 15 * 60_000,
      }),
    });
    app.register(async (scope) =>
      telemetrySocket(scope, { attributes, auth, devices, telemetry, hub, bus, db }),
    );

    // This month's and the next months' telemetry partitions exist before the first sample.
    await maintainPartitions(db, clock.now(), config.TELEMETRY_KEEP_DAYS).catch((err: unknown) =>
      log.error({ err }, 'telemetry partition maintenance failed'),
    );
    // Telemetry retention (and partition upkeep), then the database's own upkeep: a first pass a
    // minute after start, then hourly.
    const retention = async () => {
      await runRetention(db, clock, {
        rawDays: config.TELEMETRY_RAW_DAYS,
        keepDays: config.TELEMETRY_KEEP_DAYS,
      }).catch((err: unknown) => log.error({ err }, 'telemetry retention failed'));
      await tidyDatabase(db, database.kind).catch((err: unknown) =>
        log.error({ err }, 'database upkeep failed'),
      );
    };
    const firstRetention = setTimeout(retention, 60_000);
    const hourlyRetention = setInterval(retention, 3_600_000);
    firstRetention.unref();
    hourlyRetention.unref();
    closers.push(() => {
      clearTimeout(firstRetention);
      clearInterval(hourlyRetention);
    });

    const demoSeeded = config.mode === 'embedded' && config.DEMO === 'on' ? await seedDemo(db) : false;

    try {
      await app.listen({ port: config.PORT, host: config.HOST });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' || code === 'EACCES')
        throw new ConfigError(`Port ${config.PORT} is not available; set PORT to a free port`);
      throw err;
    }
    closers.push(() => app.close());
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;

    return {
      app,
      config,
      database,
      url: `http://127.0.0.1:${port}`,
      mqttUrl,
      demoSeeded,
      gateway,
      telemetry,
      pipeline,
      attributes,
      worker,
      provisioning,
      close: closeAll,
    };
  } catch (err) {
    await closeAll().catch(() => undefined);
    throw err;
  }
}
