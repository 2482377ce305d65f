import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { AutomationService } from './automation.service.ts';

/** Automations, scenarios and their runs (the inbox is the notification module's). */
export function automationRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    automations: AutomationService;
    /** A deleted scenario's schedules go with it (the schedule module). */
    schedules: { removeForScenario(userId: string, scenarioId: string): Promise<unknown> };
  },
): void {
  const { auth, automations, schedules } = deps;
  const done = {};

  route(app, auth, routes.listAutomations, ({ principal, query }) =>
    automations.list(principal.userId, 'automation', query),
  );
  route(app, auth, routes.saveAutomation, ({ principal, body }) =>
    automations.save(principal.userId, 'automation', body),
  );
  route(app, auth, routes.getAutomation, ({ principal, params }) =>
    automations.get(principal.userId, params.id, 'automation'),
  );
  route(app, auth, routes.deleteAutomation, async ({ principal, params }) => {
    await automations.remove(principal.userId, params.id, 'automation');
    return done;
  });
  route(app, auth, routes.executeAutomation, ({ principal, params }) =>
    automations.executeNow(principal.userId, params.id),
  );
  route(app, auth, routes.activateAutomation, ({ principal, params, body }) =>
    automations.setActive(principal.userId, params.id, body.isActive),
  );
  route(app, auth, routes.notifyAutomation, ({ principal, params, body }) =>
    automations.setNotify(principal.userId, params.id, body.isNotify, body.notifyMessage),
  );
  route(app, auth, routes.automationRuns, ({ principal, params }) =>
    automations.runs(principal.userId, params.id),
  );
  route(app, auth, routes.listScenarios, ({ principal }) => automations.list(principal.userId, 'scenario'));
  route(app, auth, routes.saveScenario, ({ principal, body }) =>
    automations.save(principal.userId, 'scenario', body),
  );
  route(app, auth, routes.getScenario, ({ principal, params }) =>
    automations.get(principal.userId, params.id, 'scenario'),
  );
  route(app, auth, routes.editScenario, ({ principal, params, body }) =>
    automations.save(principal.userId, 'scenario', { ...body, id: params.id }),
  );
  route(app, auth, routes.deleteScenario, async ({ principal, params }) => {
    await automations.remove(principal.userId, params.id, 'scenario');
    await schedules.removeForScenario(principal.userId, params.id);
    return done;
  });
  route(app, auth, routes.executeScenario, ({ principal, params }) =>
    automations.executeNow(principal.userId, params.id, 'scenario'),
  );
  route(app, auth, routes.reorderScenarios, async ({ principal, body }) => {
    await automations.reorder(principal.userId, body.ids);
    return done;
  });
  route(app, auth, routes.scenarioHistories, ({ principal, params }) =>
    automations.runs(principal.userId, params.id),
  );
  route(app, auth, routes.scenarioHistoryDetails, ({ principal, params }) =>
    automations.run(principal.userId, params.historyId),
  );
}
