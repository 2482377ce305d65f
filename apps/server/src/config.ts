import { z } from 'zod';

const onOff = z.enum(['on', 'off']).default('on');
const port = z.coerce.number().int().min(0).max(65535);

/** Every setting the server reads, validated in one place (README lists them). */
export const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  MQTT_PORT: port.default(1883),
  SIMULATOR: onOff,
  DEMO: onOff,
  DATABASE_URL: z.string().url().optional(),
  MQTT_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /**
   * Scaled mode: this instance's MQTT client id on MQTT_URL, the same after a restart and unique among
   * the instances. Set, its broker session outlives a crash and unacknowledged messages come back
   * to it (decision 045); unset, a fresh id and a clean session each start.
   */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .optional(),
  /** Seconds the broker keeps that session while the instance is away (decision 045). */
  MQTT_SESSION_EXPIRY: z.coerce.number().int().min(1).max(604_800).default(3600),
  /**
   * Scaled mode: the group of the instances' shared subscriptions on MQTT_URL (`$share/<group>/...`).
   * Each device message reaches one instance of the group; a second deployment on the same broker
   * needs a group of its own, or the two split each other's messages. A topic level: no / + #.
   */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
      /^[^/+#\u0000-\u001f\u007f-\u009f]{1,64}$/u,
      '1 to 64 characters, none of / + # nor control characters',
    )
    .default('hestia'),
  /** Signing secret for access tokens; generated and kept in the database when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Key of the operator routes (`npm run devices`); generated and kept in the database when unset. */
  OPERATOR_KEY: z.string().min(32).optional(),
  /** Basic authorization of the app's log collection (`POST logs`), `user:password`; unset: the app's built-in pair. */
  LOG_CREDENTIALS: z
    .string()
    .regex(/^[^:]+:.+$/, 'user:password')
    .optional(),
  /**
   * Web push services the server delivers to, comma-separated: a host name allows https to it and its
   * subdomains; `http://host` also allows plain http to exactly that host (a local relay, tests).
   * Unset: the browsers' own push services (Chrome's, Firefox's, Edge's, Safari's). Any other
   * subscription endpoint is refused, so a user cannot make the server send requests elsewhere.
   */
  PUSH_SERVICES: z.string().max(2000).optional(),
  /** Where the app packages `files/app/donwload` offers lie (`hestia-<version>.apk` or `.zip`); unset: `<DATA_DIR>/app`. */
  APP_PACKAGE_DIR: z.string().optional(),
  /** Where the built web app lives; unset means apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** Email delivery of codes, e.g. smtp://user:pass@mail.example.com:587 */
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Hestia <no-reply@hestia.local>'),
  /** SMS delivery of codes through an HTTP gateway (POST {to, text}). */
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** `console` writes codes to the server console for channels without a provider (default in embedded mode). */
  OUTBOX: z.enum(['console', 'off']).optional(),
  /** Days raw telemetry is kept before it is reduced to hourly values. */
  TELEMETRY_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days any telemetry is kept at all. */
  TELEMETRY_KEEP_DAYS: z.coerce.number().int().min(1).max(36500).default(400),
  /** Weather for Weather conditions: an Open-Meteo compatible forecast URL, e.g. https://api.open-meteo.com/v1/forecast. Unset: no weather readings. */
  WEATHER_URL: z.string().url().optional(),
  /** Minutes between weather polls of an automation with Weather conditions. */
  WEATHER_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Seconds a connected device may stay silent before it is shown offline (ThingsBoard's inactivity timeout). */
  DEVICE_INACTIVITY_TIMEOUT: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600)
    .default(600),
  /** Requests a second one user earns on authenticated routes (0: no limit) ... */
  USER_REQUESTS_PER_SECOND: z.coerce.number().min(0).max(100_000).default(50),
  /** ... and how many they may make at once before that rate applies (plugins/api.ts). */
  USER_REQUEST_BURST: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * Origins of web pages elsewhere that may call the API and open its sockets, comma-separated
   * (`scheme://host[:port]`); the app's own pages always may (plugins/origins.ts).
   */
  CORS_ORIGINS: z.string().optional(),
  /** Embedded database: shared buffers in MB (PostgreSQL touches them all at start; decision 024); unset: 16. */
  DB_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).optional(),
  /** Embedded database: memory one sort or hash may use before spilling to disk, MB. */
  DB_WORK_MEM_MB: z.coerce.number().int().min(1).max(256).optional(),
  /** Embedded database: WAL kept on disk before a checkpoint is forced, MB. */
  DB_MAX_WAL_MB: z.coerce.number().int().min(32).max(4096).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export type Config = z.infer<typeof configSchema> & {
  /** `memory://` keeps PGlite in memory (tests). */
  dataDir: string;
  mode: 'embedded' | 'scaled';
  /** `CORS_ORIGINS`, checked. */
  corsOrigins: string[];
  /** `PUSH_SERVICES`, checked (or the default list). */
  pushServices: PushService[];
};

/** A push service the server may deliver to: https to `host` and its subdomains; plain http to `host` itself when `http`. */
export interface PushService {
  host: string;
  http: boolean;
}

/** The browsers' push services: Chrome (and Opera, Samsung), Firefox, Edge, Safari. */
export const DEFAULT_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Setting ${issue?.path.join('.')} is not valid: ${issue?.message}`);
  }
  const c = parsed.data;
  const scaled = { DATABASE_URL: c.DATABASE_URL, MQTT_URL: c.MQTT_URL, REDIS_URL: c.REDIS_URL };
  const missing = Object.entries(scaled)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length !== 0 && missing.length !== 3) {
    throw new ConfigError(
      `Scaled mode needs DATABASE_URL, MQTT_URL and REDIS_URL; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set (set all three, or none for embedded mode)`,
    );
  }
  for (const [name, url, schemes] of [
    ['DATABASE_URL', c.DATABASE_URL, ['postgres:', 'postgresql:']],
    ['MQTT_URL', c.MQTT_URL, ['mqtt:', 'mqtts:', 'tcp:', 'ws:', 'wss:']],
    ['REDIS_URL', c.REDIS_URL, ['redis:', 'rediss:']],
  ] as const) {
    if (url && !(schemes as readonly string[]).includes(new URL(url).protocol)) {
      throw new ConfigError(
        `${name} must start with ${schemes.map((s) => `${s}//`).join(' or ')} (it starts with ${new URL(url).protocol}//)`,
      );
    }
  }
  return {
    ...c,
    dataDir: c.DATA_DIR,
    mode: missing.length === 0 ? 'scaled' : 'embedded',
    corsOrigins: parseOrigins(c.CORS_ORIGINS),
    pushServices: parsePushServices(c.PUSH_SERVICES),
  };
}

/** The push services a setting lists: host names, or `http://host` for a plain-http relay. */
export function parsePushServices(setting: string | undefined): PushService[] {
  const entries = (setting ?? DEFAULT_PUSH_SERVICES.join(','))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return entries.map((entry) => {
    const http = entry.startsWith('http://');
    const host = http ? entry.slice('http://'.length).replace(/\/$/, '') : entry;
    if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(host))
      throw new ConfigError(`PUSH_SERVICES: ${entry} is not a host name (or http://host)`);
    return { host, http };
  });
}

/** The origins a setting lists; each must be `scheme://host[:port]`, nothing more. */
export function parseOrigins(setting: string | undefined): string[] {
  if (!setting) return [];
  return setting
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        throw new ConfigError(`CORS_ORIGINS: ${s} is not an origin (scheme://host[:port])`);
      }
      if (url.origin !== s.replace(/\/$/, '') || !/^https?:$/.test(url.protocol))
        throw new ConfigError(`CORS_ORIGINS: ${s} is not an origin (scheme://host[:port], no path)`);
      return url.origin;
    });
}
