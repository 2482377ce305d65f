import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { AssetService } from '../asset/asset.service.ts';
import type { ShareService } from '../share/share.service.ts';
import type { DeviceService } from './device.service.ts';

export function deviceRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; devices: DeviceService; assets: AssetService; shares: ShareService },
): void {
  const { auth, devices, assets, shares } = deps;
  const done = {};
  route(app, auth, routes.listDevices, ({ principal, query }) => devices.list(principal.userId, query));
  route(app, auth, routes.getDevice, ({ principal, params }) => devices.get(principal.userId, params.id));
  route(app, auth, routes.renameDevice, ({ principal, params, body }) =>
    devices.rename(principal.userId, params.id, body.label),
  );
  route(app, auth, routes.deleteDevice, async ({ principal, params }) => {
    await devices.remove(principal.userId, params.id);
    return done;
  });
  route(app, auth, routes.favourites, ({ principal }) => devices.favourites(principal.userId));
  route(app, auth, routes.addFavourite, async ({ principal, body }) => {
    await devices.setFavourite(principal.userId, body.deviceId, true);
    return done;
  });
  route(app, auth, routes.deleteFavourite, async ({ principal, body }) => {
    await devices.setFavourite(principal.userId, body.deviceId, false);
    return done;
  });
  route(app, auth, routes.addDevicesToAsset, async ({ principal, params, body }) => {
    await devices.move(principal.userId, body.deviceIds, params.assetId);
    return done;
  });
  route(app, auth, routes.removeDeviceFromAsset, async ({ principal, body }) => {
    const place = await assets.defaultPlace(principal.userId);
    await devices.unassign(principal.userId, body.deviceId, place.id);
    return done;
  });
  route(app, auth, routes.twowayRpc, ({ principal, params, body }) =>
    devices.rpc(principal.userId, params.id, body, true),
  );
  route(app, auth, routes.onewayRpc, ({ principal, params, body }) =>
    devices.rpc(principal.userId, params.id, body, false),
  );

  route(app, auth, routes.createShare, ({ principal, params, body }) =>
    shares.create(principal.userId, params.id, body),
  );
  route(app, auth, routes.updateShare, ({ principal, params, body }) =>
    shares.update(principal.userId, params.id, params.shareId, body),
  );
  route(app, auth, routes.deleteShare, async ({ principal, params }) => {
    await shares.remove(principal.userId, params.id, params.shareId);
    return done;
  });
  route(app, auth, routes.listShares, ({ principal, query }) =>
    shares.list(principal.userId, query.deviceId),
  );
  route(app, auth, routes.finalizeShare, ({ principal, params, req }) =>
    shares.finalize(principal.userId, params.shareToken, req.ip),
  );
}
