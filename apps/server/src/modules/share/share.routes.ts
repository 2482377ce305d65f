import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { ShareService } from './share.service.ts';

/** Sharing a device: create, change, revoke, list, and accept (finalize) a share. */
export function shareRoutes(app: FastifyInstance, deps: { auth: AuthService; shares: ShareService }): void {
  const { auth, shares } = deps;
  const done = {};
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
