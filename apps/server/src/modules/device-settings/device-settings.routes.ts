import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceSettingsService } from './device-settings.service.ts';
import type { KeyActionService } from './key-action.service.ts';

/** Issue 7: device settings, key actions and labels, valid actions, device profiles and categories. */
export function deviceSettingsRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; settings: DeviceSettingsService; keyActions: KeyActionService },
): void {
  const { auth, settings, keyActions } = deps;
  const done = {};

  route(app, auth, routes.getDeviceSetting, ({ principal, params }) =>
    settings.read(principal.userId, params.id, params.type),
  );
  route(app, auth, routes.patchDeviceSetting, ({ principal, params, body }) =>
    settings.write(principal.userId, params.id, params.type, body.values, false),
  );
  route(app, auth, routes.updateDeviceSetting, ({ principal, params, body }) =>
    settings.write(principal.userId, params.id, params.type, body.values, true),
  );

  route(app, auth, routes.listKeyActions, ({ principal, params }) =>
    keyActions.list(principal.userId, params.id),
  );
  route(app, auth, routes.addKeyAction, ({ principal, params, body }) =>
    keyActions.add(principal.userId, params.id, body),
  );
  route(app, auth, routes.reorderKeyActions, ({ principal, params, body }) =>
    keyActions.reorder(principal.userId, params.id, body.ids),
  );
  route(app, auth, routes.getKeyAction, ({ principal, params }) =>
    keyActions.get(principal.userId, params.id, params.actionId),
  );
  route(app, auth, routes.editKeyAction, ({ principal, params, body }) =>
    keyActions.edit(principal.userId, params.id, params.actionId, body),
  );
  route(app, auth, routes.deleteKeyAction, async ({ principal, params }) => {
    await keyActions.remove(principal.userId, params.id, params.actionId);
    return done;
  });

  route(app, auth, routes.getKeyLabels, ({ principal, params }) =>
    keyActions.labels(principal.userId, params.id),
  );
  route(app, auth, routes.setKeyLabels, ({ principal, params, body }) =>
    keyActions.setLabels(principal.userId, params.id, body.labels),
  );

  route(app, auth, routes.validActions, ({ principal }) => settings.validActions(principal.userId));
  route(app, auth, routes.deviceValidActions, ({ principal, params }) =>
    settings.deviceValidActions(principal.userId, params.id),
  );
  route(app, auth, routes.allProfileValidActions, async () => settings.allProfileValidActions());
  route(app, auth, routes.profileValidActions, async ({ params }) =>
    settings.profileValidActions(params.profileId),
  );
  route(app, auth, routes.listDeviceProfiles, async ({ principal, query }) =>
    query.assetId ? settings.profilesInAsset(principal.userId, query.assetId) : settings.profiles(),
  );
  route(app, auth, routes.getDeviceProfile, async ({ params }) => settings.profile(params.id));
  route(app, auth, routes.profileValidParams, async ({ params }) => settings.validParams(params.id));
  route(app, auth, routes.deviceCategories, async () => settings.categories());
}
