import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DataExchangeService } from './data-exchange.service.ts';

/** Data exchange between devices. */
export function dataExchangeRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; exchanges: DataExchangeService },
): void {
  const { auth, exchanges } = deps;
  const done = {};

  route(app, auth, routes.dataExchangeParams, ({ principal, params }) =>
    exchanges.params(principal.userId, params.id),
  );
  route(app, auth, routes.listDataExchanges, ({ principal, params }) =>
    exchanges.list(principal.userId, params.id),
  );
  route(app, auth, routes.addDataExchange, ({ principal, params, body }) =>
    exchanges.add(principal.userId, params.id, body),
  );
  route(app, auth, routes.getDataExchange, ({ principal, params }) =>
    exchanges.get(principal.userId, params.exchangeId),
  );
  route(app, auth, routes.deleteDataExchange, async ({ principal, params }) => {
    await exchanges.remove(principal.userId, params.exchangeId);
    return done;
  });
}
