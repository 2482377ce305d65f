import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { fileRoute, route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import { type ReportService, reportCsv } from './report.service.ts';

export function reportRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; reports: ReportService },
): void {
  const { auth, reports } = deps;
  route(app, auth, routes.energy, ({ principal, params, query }) =>
    reports.energy(principal.userId, params.entityId, query),
  );
  route(app, auth, routes.generateReport, ({ principal, params, body }) =>
    reports.generate(principal.userId, params.deviceId, body),
  );
  route(app, auth, routes.listReports, ({ principal, params }) =>
    reports.list(principal.userId, params.deviceId),
  );
  route(app, auth, routes.getReport, ({ principal, params }) =>
    reports.get(principal.userId, params.deviceId, params.reportId),
  );

  // The same report as a CSV download (a file, so not in the wrapper).
  fileRoute(app, auth, routes.reportCsv, async ({ principal, params }, reply) => {
    const report = await reports.get(principal.userId, params.deviceId, params.reportId);
    const day = (ts: number) => new Date(ts).toISOString().slice(0, 10);
    const name = `hestia-report-${day(report.startTs)}-${day(report.endTs)}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(`\uFEFF${reportCsv(report)}`);
  });
}
