import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { ScheduleService } from './schedule.service.ts';

/** Device timers and schedules, and scenarios' schedules. */
export function scheduleRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; schedules: ScheduleService },
): void {
  const { auth, schedules } = deps;
  const done = {};

  route(app, auth, routes.addScenarioSchedule, ({ principal, params, body }) =>
    schedules.saveSchedule(principal.userId, { scenarioId: params.id }, body),
  );
  route(app, auth, routes.listScenarioSchedules, ({ principal, params }) =>
    schedules.scenario.list(principal.userId, params.id),
  );
  route(app, auth, routes.deleteScenarioSchedules, async ({ principal, params }) => {
    await schedules.scenario.removeAll(principal.userId, params.id);
    return done;
  });
  route(app, auth, routes.getScenarioSchedule, ({ principal, params }) =>
    schedules.scenario.get(principal.userId, params.id, params.scheduleId),
  );
  route(app, auth, routes.deleteScenarioSchedule, async ({ principal, params }) => {
    await schedules.scenario.remove(principal.userId, params.id, params.scheduleId);
    return done;
  });
  route(app, auth, routes.listTimers, ({ principal, query }) =>
    schedules.list(principal.userId, 'timer', query),
  );
  route(app, auth, routes.getTimer, ({ principal, params }) =>
    schedules.get(principal.userId, params.timerId, 'timer'),
  );
  route(app, auth, routes.deleteTimer, async ({ principal, params }) => {
    await schedules.remove(principal.userId, params.timerId, 'timer');
    return done;
  });
  route(app, auth, routes.saveTimer, ({ principal, params, body }) =>
    schedules.saveTimer(principal.userId, params.id, body),
  );
  route(app, auth, routes.listSchedules, ({ principal, query }) =>
    schedules.list(principal.userId, 'schedule', query),
  );
  route(app, auth, routes.getSchedule, ({ principal, params }) =>
    schedules.get(principal.userId, params.scheduleId, 'schedule'),
  );
  route(app, auth, routes.deleteSchedule, async ({ principal, params }) => {
    await schedules.remove(principal.userId, params.scheduleId, 'schedule');
    return done;
  });
  route(app, auth, routes.saveSchedule, ({ principal, params, body }) =>
    schedules.saveSchedule(principal.userId, { deviceId: params.id }, body),
  );
  route(app, auth, routes.activateSchedule, ({ principal, params }) =>
    schedules.setActive(principal.userId, params.id, params.scheduleId, true),
  );
  route(app, auth, routes.deactivateSchedule, ({ principal, params }) =>
    schedules.setActive(principal.userId, params.id, params.scheduleId, false),
  );
}
