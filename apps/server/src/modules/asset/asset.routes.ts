import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import { languageOf } from '../account/auth.routes.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { AssetService } from './asset.service.ts';

/** Places and rooms, and which devices are in them. */
export function assetRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; assets: AssetService; devices: DeviceService },
): void {
  const { auth, assets, devices } = deps;
  const done = {};
  route(app, auth, routes.assetTree, ({ principal, req }) => assets.tree(principal.userId, languageOf(req)));
  route(app, auth, routes.listAssets, ({ principal, query }) => assets.list(principal.userId, query));
  route(app, auth, routes.getAsset, ({ principal, params }) => assets.get(principal.userId, params.assetId));
  route(app, auth, routes.addAsset, ({ principal, body }) => assets.add(principal.userId, body));
  route(app, auth, routes.editAsset, ({ principal, body }) => assets.edit(principal.userId, body));
  route(app, auth, routes.deleteAsset, ({ principal, params }) =>
    assets.remove(principal.userId, params.assetId),
  );
  route(app, auth, routes.setDefaultAsset, ({ principal, params }) =>
    assets.setDefault(principal.userId, params.id),
  );
  route(app, auth, routes.addDevicesToAsset, async ({ principal, params, body }) => {
    await devices.move(principal.userId, body.deviceIds, params.assetId);
    return done;
  });
  route(app, auth, routes.removeDeviceFromAsset, async ({ principal, body }) => {
    const place = await assets.defaultPlace(principal.userId);
    await devices.unassign(principal.userId, body.deviceId, place.id);
    return done;
  });
}
