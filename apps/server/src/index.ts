export { createServer, type HestiaServer } from './app.ts';
export { type Config, loadConfig } from './config.ts';
export * as schema from './db/schema.ts';
export { assetRepository } from './repositories/asset.repository.ts';
export { deviceRepository } from './repositories/device.repository.ts';
export { userRepository } from './repositories/user.repository.ts';
export { DEMO_EMAIL, DEMO_PASSWORD, newAccessToken } from './seed/demo.ts';
export { hashPassword } from './services/auth.service.ts';
export { tsWorker } from './ts-worker.ts';
