import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import { AssetRepository } from './asset.repository.ts';
import { assetRoutes } from './asset.routes.ts';
import { AssetService } from './asset.service.ts';

/** Places and rooms (assets), and moving devices between them. */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db'> & { auth: AuthService; devices: DeviceService },
) {
  const { db, auth, devices } = deps;
  const assets = new AssetService({ assets: new AssetRepository(db), devices });
  assetRoutes(app, { auth, assets, devices });
  return { assets };
}
