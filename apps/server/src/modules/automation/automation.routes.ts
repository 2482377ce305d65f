import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { dataExchangeService } from '../data-exchange/data-exchange.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { AutomationRepository } from './automation.repository.ts';
import type { AutomationService } from './automation.service.ts';

export function automationRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    automations: AutomationService;
    schedules: ScheduleService;
    repo: AutomationRepository;
    exchanges: ReturnType<typeof dataExchangeService>;
  },
): void {
  const { auth, automations, schedules, repo, exchanges } = deps;
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

  route(app, auth, routes.notifications, async ({ principal, query }) =>
    (await repo.notifications(principal.userId, query)).map((n) => ({
      id: n.id,
      name: n.name,
      message: n.message,
      sendTime: n.createdAt.toISOString(),
      seenTime: n.seenAt?.toISOString() ?? null,
    })),
  );
  route(app, auth, routes.unreadNotifications, async ({ principal }) => ({
    count: await repo.unreadCount(principal.userId),
  }));
  route(app, auth, routes.seeNotification, async ({ principal, params }) => {
    await repo.markSeen(principal.userId, params.id);
    return done;
  });
  route(app, auth, routes.readAllNotifications, async ({ principal }) => {
    await repo.markSeen(principal.userId);
    return done;
  });
}
