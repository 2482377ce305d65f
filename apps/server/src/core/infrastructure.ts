import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { LiveBus } from './live-bus.ts';

/** What every module's `register(app, deps)` may take from the infrastructure app.ts builds. */
export interface Infrastructure {
  config: Config;
  db: Db;
  bus: LiveBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Run when the server closes, in reverse order of registration. */
  onClose(close: () => Promise<void> | void): void;
}
