import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyWebsocket from '@fastify/websocket';
import { asyncApiDocument, openApiDocument } from '@hestia/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, ConfigError } from './config.ts';
import { type Clock, systemClock } from './core/clock.ts';
import type { LiveBus } from './core/live-bus.ts';
import { RequestBudget } from './core/request-budget.ts';
import { sharedRequestBudget } from './core/shared-request-budget.ts';
import { type Database, openPglite, openPostgres } from './db/database.ts';
import { pgliteSettingsOf } from './db/pglite-settings.ts';
import { startDeviceEdge } from './device-edge.ts';
import type { Gateway } from './gateway/gateway.ts';
import { maintainPartitions, runRetention, tidyDatabase } from './jobs/retention.ts';
import { startWorker, type Worker } from './jobs/worker.ts';
import { inProcessBus, redisBus } from './live/bus.ts';
import { SettingsRepository } from './modules/account/settings.repository.ts';
import type { WeatherProvider } from './modules/automation/weather.service.ts';
import type { DeviceService } from './modules/device/device.service.ts';
import { registerModules } from './modules/index.ts';
import type { ProvisioningService } from './modules/provisioning/provisioning.service.ts';
import type { AttributeService } from './modules/telemetry/attribute.service.ts';
import { createHub } from './modules/telemetry/hub.ts';
import type { TelemetryPipeline } from './modules/telemetry/pipeline.ts';
import type { TelemetryService } from './modules/telemetry/telemetry.service.ts';
import { errSerializer, frameworkError, installErrorHandling } from './plugins/api.ts';
import { installOrigins } from './plugins/origins.ts';
import { installRequestLog, redactUrl, requestLogOptions } from './plugins/request-log.ts';
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
  const onClose = (close: () => Promise<void> | void) => {
    closers.push(close);
  };
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
      frameworkErrors: frameworkError,
      ...requestLogOptions,
    });
    installRequestLog(app);
    installOrigins(app, config.corsOrigins);
    const log = app.log;

    const database =
      config.mode === 'scaled'
        ? await openPostgres(config.DATABASE_URL as string)
        : await openPglite(config.dataDir, pgliteSettingsOf(config));
    onClose(() => database.close());
    database.onLost?.((err) => {
      log.fatal({ err }, 'the embedded database stopped; the server cannot go on');
      opts.onFatal?.(err);
    });
    const { db } = database;

    const secretText =
      config.JWT_SECRET ??
      (await new SettingsRepository(db).getOrCreate('jwt_secret', () =>
        randomBytes(48).toString('base64url'),
      ));
    const secret = new TextEncoder().encode(secretText);

    const bus: LiveBus =
      config.mode === 'scaled'
        ? await redisBus(config.REDIS_URL as string, (err) => log.warn({ err }, 'redis error'))
        : inProcessBus();
    onClose(() => bus.close());

    // The broker, the gateway and what they feed (telemetry, attributes, provisioning).
    let devices: DeviceService | undefined;
    const edge = await startDeviceEdge({
      config,
      db,
      bus,
      clock,
      log,
      onClose,
      forget: (id) => devices?.forget(id),
    });
    const hub = createHub(bus);
    onClose(() => hub.close());

    // Real time, not the server's clock: a test that moves the clock must not refill budgets. In
    // scaled mode one budget per user over every instance, in Redis (decision 050).
    const requestBudget = (): RequestBudget => {
      const rule = { perSecond: config.USER_REQUESTS_PER_SECOND, burst: config.USER_REQUEST_BURST };
      if (config.mode !== 'scaled') return new RequestBudget(rule);
      const shared = sharedRequestBudget(config.REDIS_URL as string, rule, (err) =>
        log.warn({ err }, 'redis error (request budget)'),
      );
      onClose(() => shared.close());
      return shared;
    };
    const webDist = config.WEB_DIST ?? webDistDefault;
    const serveShell = existsSync(resolve(webDist, 'index.html'));
    if (serveShell) await registerWebShell(app, webDist);
    installErrorHandling(app, {
      serveShell,
      now: () => clock.now(),
      ...(config.USER_REQUESTS_PER_SECOND > 0 ? { requestBudget: requestBudget() } : {}),
    });
    await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
    // The API described from the contract (OpenAPI 3.1), built once.
    const openApi = openApiDocument();
    app.get('/api/docs', async () => openApi);
    const asyncApi = asyncApiDocument();
    app.get('/api/docs/asyncapi', async () => asyncApi);

    const modules = await registerModules(app, {
      config,
      db,
      bus,
      clock,
      log,
      onClose,
      secret,
      edge,
      hub,
      outboxWrite: opts.outboxWrite,
      weather: opts.weather,
    });
    devices = modules.devices;
    const worker = startWorker({
      repo: modules.automationRepo,
      clock,
      log,
      run: (job) => modules.jobRunners[job.kind](job),
    });
    onClose(() => worker.stop());

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
    onClose(() => {
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
    onClose(() => app.close());
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;

    return {
      app,
      config,
      database,
      url: `http://127.0.0.1:${port}`,
      mqttUrl: edge.mqttUrl,
      demoSeeded,
      gateway: edge.gateway,
      telemetry: edge.telemetry,
      pipeline: edge.pipeline,
      attributes: edge.attributes,
      worker,
      provisioning: edge.provisioning,
      close: closeAll,
    };
  } catch (err) {
    await closeAll().catch(() => undefined);
    throw err;
  }
}
