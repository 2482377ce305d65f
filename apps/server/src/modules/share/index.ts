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
  deps: Pick<Infrastructure, 'db' | 'bus' | 'clock' | 'log'> & {
    auth: AuthService;
    devices: DeviceService;
    limits: GuessLimits;
    /** Told when a share is accepted or ended (the notification module). */
    onShare?: (e: { deviceId: string; event: 'accepted' | 'ended'; tell: string }) => Promise<void>;
  },
) {
  const { db, bus, clock, log, auth, devices, limits, onShare } = deps;
  const shares = new ShareService({
    shares: new ShareRepository(db),
    devices,
    bus,
    clock,
    limits,
    onShare,
    log,
  });
  shareRoutes(app, { auth, shares });
  return { shares };
}
