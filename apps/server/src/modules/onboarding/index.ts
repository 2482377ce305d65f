import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import { AttemptLimiter, type AttemptStore } from '../../core/rate-limiter.ts';
import type { AuthService } from '../account/auth.service.ts';
import { AssetRepository } from '../asset/asset.repository.ts';
import { DeviceRepository } from '../device/device.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { OnboardingService, type Places } from './onboarding.service.ts';
import { PairKeyRepository } from './pair-key.repository.ts';

const MINUTE = 60_000;

/**
 * Adding a device (issue 18, docs/decisions/026): pair keys, change of owner, post-config and brands.
 * The device's claim that uses a pair key is handled by the provisioning service (device-edge.ts).
 */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'clock'> & {
    auth: AuthService;
    devices: DeviceService;
    places: Places;
    /** Counted in the database like the other guess limits (decision 017). */
    attempts: AttemptStore;
  },
): { onboarding: OnboardingService } {
  const { db, clock, auth, devices, places, attempts } = deps;
  const onboarding = new OnboardingService({
    pairKeys: new PairKeyRepository(db),
    devices: new DeviceRepository(db),
    deviceService: devices,
    assets: new AssetRepository(db),
    places,
    clock,
    limits: {
      pairKeys: new AttemptLimiter(attempts, { name: 'pairkey-user', limit: 30, windowMs: 15 * MINUTE }),
      changeOwner: new AttemptLimiter(attempts, {
        name: 'change-owner-user',
        limit: 10,
        windowMs: 15 * MINUTE,
      }),
      transferLookups: new AttemptLimiter(attempts, {
        name: 'transfer-list-address',
        limit: 20,
        windowMs: 15 * MINUTE,
      }),
    },
  });
  // The device module answers `customer/devices`; without a token it asks here (no import of it).
  devices.useTransferLookup((mac, pairkey, requester) =>
    onboarding.transferredByKey(mac, pairkey, requester),
  );
  onboardingRoutes(app, { auth, onboarding });
  return { onboarding };
}
