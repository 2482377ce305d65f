import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { GuessLimits } from '../../core/rate-limiter.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import { ShareRepository } from './share.repository.ts';
import { shareRoutes } from './share.routes.ts';
import { ShareService } from './share.service.ts';

/** Sharing a device with another user, for viewing or control (docs/decisions/007). */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'bus' | 'clock'> & {
    auth: AuthService;
    devices: DeviceService;
    limits: GuessLimits;
  },
) {
  const { db, bus, clock, auth, devices, limits } = deps;
  const shares = new ShareService({ shares: new ShareRepository(db), devices, bus, clock, limits });
  shareRoutes(app, { auth, shares });
  return { shares };
}
