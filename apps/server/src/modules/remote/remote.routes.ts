import { routes } from '@hestia/contract';
import { CATALOGUE_REMOTES, CATEGORY_BRANDS, REMOTE_BRANDS, REMOTE_CATEGORIES } from '@hestia/ir';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import { catalogueDto, paged, type RemoteService, type UserButton } from './remote.service.ts';

/** The IR remote routes (spec "IR remotes"); the catalogue is packages/ir's, the user's remotes the database's. */
export function remoteRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; remotes: RemoteService },
): void {
  const { auth, remotes } = deps;

  route(app, auth, routes.remoteCategories, async () =>
    REMOTE_CATEGORIES.map(({ id, key, name }) => ({ id, key, name })),
  );

  route(app, auth, routes.remoteCategoryBrands, async ({ query }) => {
    const list = CATEGORY_BRANDS.filter(
      (cb) => query.category_id === undefined || cb.categoryId === query.category_id,
    );
    return paged(
      list.map((cb) => {
        const b = REMOTE_BRANDS.find((x) => x.id === cb.brandId);
        return {
          categoryBrandId: cb.id,
          categoryId: cb.categoryId,
          brandId: cb.brandId,
          brandName: b?.name ?? '',
          source: b?.source ?? '',
        };
      }),
      query,
    );
  });

  route(app, auth, routes.remotes, async ({ query }) =>
    paged(
      CATALOGUE_REMOTES.filter(
        (r) =>
          (query.type === undefined || r.kind === query.type) &&
          (query.brand_id === undefined || r.brandId === query.brand_id) &&
          (query.category_id === undefined || r.categoryId === query.category_id),
      ).map(catalogueDto),
      query,
    ),
  );

  route(app, auth, routes.remote, async ({ params }) => catalogueDto(remotes.catalogueRemote(params.id)));

  route(app, auth, routes.customerRemotes, async ({ principal, query }) =>
    paged(await remotes.list(principal.userId, query.device_id), query),
  );

  route(app, auth, routes.addCustomerRemote, ({ principal, params, body }) =>
    remotes.addFromCatalogue(principal.userId, params.remoteId, body.deviceId, body.name),
  );

  route(app, auth, routes.deleteCustomerRemote, async ({ principal, params }) => {
    await remotes.remove(principal.userId, params.remoteId);
    return {};
  });

  route(app, auth, routes.addCustomRemote, ({ principal, body }) =>
    remotes.addCustom(principal.userId, { ...body, buttons: body.buttons as UserButton[] }),
  );

  route(app, auth, routes.editCustomRemote, ({ principal, body }) =>
    remotes.edit(principal.userId, { ...body, buttons: body.buttons as UserButton[] | undefined }),
  );

  route(app, auth, routes.sendRemoteButton, ({ principal, params, body }) =>
    remotes.send(principal.userId, params.remoteId, body),
  );
}
