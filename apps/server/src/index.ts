export { createServer, type HestiaServer } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { personalDataIn } from './core/personal-data.ts';
export { attemptStore } from './core/rate-limiter.ts';
export { checkDataDir } from './db/data-dir.ts';
// openPostgres, the broker thread, the provisioning service and attemptStore are also the device
// edge's (apps/edge, decision 041).
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
export { PairKeyRepository } from './modules/onboarding/pair-key.repository.ts';
export { ProvisioningRepository } from './modules/provisioning/provisioning.repository.ts';
export { claimLimits, ProvisioningService } from './modules/provisioning/provisioning.service.ts';
export { DEMO_EMAIL, DEMO_PASSWORD, newAccessToken } from './seed/demo.ts';
export { tsWorker } from './ts-worker.ts';
