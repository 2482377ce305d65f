import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { OnboardingService } from './onboarding.service.ts';

/** Adding a device: pair key, change of owner, post-config, and the catalogue's brands. */
export function onboardingRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; onboarding: OnboardingService },
): void {
  const { auth, onboarding } = deps;
  route(app, auth, routes.getPairKey, ({ principal, params, query }) =>
    onboarding.pairKey(principal.userId, params.mac, query),
  );
  route(app, auth, routes.changeOwner, ({ principal, params, body }) =>
    onboarding.changeOwner(principal.userId, params.mac, body.pairkey),
  );
  route(app, auth, routes.postConfig, ({ principal, params, body }) =>
    onboarding.postConfig(principal.userId, params.id, body),
  );
  route(app, auth, routes.setReconfiguration, ({ principal, params, body }) =>
    onboarding.setReconfiguration(principal.userId, params.id, body.disabled),
  );
  route(app, auth, routes.deviceBrands, async () => onboarding.brands());
  route(app, auth, routes.deviceBrandModels, async ({ params }) => onboarding.brandModels(params.brandId));
}
