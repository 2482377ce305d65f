import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import { AttemptLimiter, type AttemptStore } from '../../core/rate-limiter.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { UserRepository } from '../account/user.repository.ts';
import { AssetRepository } from '../asset/asset.repository.ts';
import { DeviceRepository } from '../device/device.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { OperatorService, operatorKey } from './operator.service.ts';
import { OPERATOR_GUESSES } from './operator-guard.ts';
import { provisioningRoutes } from './provisioning.routes.ts';
import type { ProvisioningService } from './provisioning.service.ts';

/**
 * Claims by users and the operator routes (`npm run devices`). The provisioning service itself is
 * built with the gateway (device-edge.ts), which hands it devices' provisioning and claim messages.
 */
export async function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'config' | 'db' | 'log'> & {
    auth: AuthService;
    users: UserRepository;
    devices: DeviceService;
    provisioning: ProvisioningService;
    /** Wrong operator keys are counted in the database like the other guess limits (decision 017). */
    attempts: AttemptStore;
  },
): Promise<void> {
  const { config, db, log, auth, users, devices, provisioning } = deps;
  provisioningRoutes(app, {
    auth,
    devices,
    provisioning,
    operator: new OperatorService({
      devices: new DeviceRepository(db),
      users,
      assets: new AssetRepository(db),
      provisioning,
    }),
    operatorKey: await operatorKey(config, db, log),
    operatorGuesses: new AttemptLimiter(deps.attempts, OPERATOR_GUESSES),
  });
}
