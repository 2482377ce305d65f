export { createServer, type HestiaServer } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { personalDataIn } from './core/personal-data.ts';
export { checkDataDir } from './db/data-dir.ts';
// The device edge (apps/edge, decision 041) runs the embedded broker's thread on its own, against PostgreSQL.
export { openPostgres } from './db/database.ts';
export * as schema from './db/schema.ts';
export type { BrokerThread } from './gateway/broker-host.ts';
export { startEmbeddedBroker } from './gateway/embedded-broker.ts';
export type { DeviceMessage } from './gateway/transport.ts';
export { tidyDatabase } from './jobs/retention.ts';
export { hashPassword } from './modules/account/auth.service.ts';
export { UserRepository } from './modules/account/user.repository.ts';
export { AssetRepository } from './modules/asset/asset.repository.ts';
export { DeviceRepository } from './modules/device/device.repository.ts';
export { DEMO_EMAIL, DEMO_PASSWORD, newAccessToken } from './seed/demo.ts';
export { tsWorker } from './ts-worker.ts';
