import { OPERATOR_PREFIX, ok, operatorFirmwareBodySchema, routes } from '@hestia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { FirmwareService } from './firmware.service.ts';

/** A body of the largest package in base64 and some room: a bigger file gets FIRMWARE_TOO_BIG. */
const FIRMWARE_BODY_LIMIT = 8 * 1024 * 1024;

/** The app's firmware routes and the operator's (`npm run firmware`, behind the operator key). */
export function firmwareRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    firmware: FirmwareService;
    operatorOnly: (req: FastifyRequest) => Promise<void>;
  },
): void {
  const { auth, firmware } = deps;
  route(app, auth, routes.updateFirmware, ({ principal, params }) =>
    firmware.update(principal.userId, params.id),
  );
  route(app, auth, routes.firmwareStatus, ({ principal, params }) =>
    firmware.status(principal.userId, params.id),
  );

  app.register(
    async (scope) => {
      scope.addHook('onRequest', deps.operatorOnly);
      scope.post('/firmware', { bodyLimit: FIRMWARE_BODY_LIMIT }, async (req) => {
        const r = operatorFirmwareBodySchema.safeParse(req.body ?? {});
        if (!r.success) {
          const issue = r.error.issues[0];
          const where = issue?.path.join('.');
          throw new AppError('VALIDATION', issue && where ? `${where}: ${issue.message}` : issue?.message);
        }
        return ok(await firmware.addPackage(r.data));
      });
      scope.get<{ Querystring: { profile?: string } }>('/firmware', async (req) =>
        ok(await firmware.packages(req.query.profile || undefined)),
      );
    },
    { prefix: OPERATOR_PREFIX },
  );
}
