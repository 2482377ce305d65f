import {
  claimBodySchema,
  OPERATOR_PREFIX,
  ok,
  operatorAddBodySchema,
  operatorImportBodySchema,
  operatorProvisionKeysBodySchema,
  routes,
} from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { AttemptLimiter } from '../../core/rate-limiter.ts';
import { bearerToken, route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { OperatorService } from './operator.service.ts';
import { operatorGuard } from './operator-guard.ts';
import type { ClaimResult, ProvisioningService } from './provisioning.service.ts';

/** Largest factory batch body: about 200,000 CSV rows. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

function parsed<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.join('.');
    throw new AppError(
      'VALIDATION',
      issue ? (where ? `${where}: ${issue.message}` : issue.message) : undefined,
    );
  }
  return r.data;
}

/** What a user's claim answers, in the wrapper: the device on success, an error otherwise. */
async function claimAnswer(result: ClaimResult, userId: string, devices: DeviceService) {
  if (result.response === 'FAILURE')
    throw new AppError(
      'VALIDATION',
      'The device could not be claimed: check its MAC and secret key, and claim it while its claim is open.',
    );
  if (!result.device) throw new AppError('CONFLICT', 'This device already belongs to someone else.');
  return { response: result.response, device: await devices.get(userId, result.device.id) };
}

/**
 * The user's claim (`POST /api/v1/devices/claim`, and ThingsBoard's own
 * `POST /api/customer/device/{deviceName}/claim`) and the operator routes under /api/operator.
 */
export function provisioningRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    devices: DeviceService;
    provisioning: ProvisioningService;
    operator: OperatorService;
    operatorKey: string;
    /** Wrong operator keys per requester. */
    operatorGuesses: AttemptLimiter;
  },
): void {
  const { auth, devices, provisioning, operator, operatorGuesses } = deps;

  route(app, auth, routes.claimDevice, async ({ principal, body }) =>
    claimAnswer(
      await provisioning.claimByUser(principal.userId, body.deviceName, body.secretKey),
      principal.userId,
      devices,
    ),
  );

  // ThingsBoard's claim path answers as ThingsBoard does: 200 with {device, response} on SUCCESS,
  // 400 with the bare result ("CLAIMED" or "FAILURE") otherwise; errors of authentication, input and
  // rate in Hestia's wrapper.
  app.post<{ Params: { deviceName: string } }>(
    '/api/customer/device/:deviceName/claim',
    async (req, reply) => {
      const token = bearerToken(req);
      if (!token) throw new AppError('TOKEN_MISSING');
      const principal = await auth.authenticate(token);
      const body = parsed(claimBodySchema.pick({ secretKey: true }), req.body);
      const result = await provisioning.claimByUser(principal.userId, req.params.deviceName, body.secretKey);
      if (result.response === 'SUCCESS' && result.device)
        return reply
          .status(200)
          .send({ response: 'SUCCESS', device: await devices.get(principal.userId, result.device.id) });
      return reply.status(400).type('application/json').send(JSON.stringify(result.response));
    },
  );

  // The operator key, compared as SHA-256 digests in constant time; wrong keys are limited per requester.
  const operatorOnly = operatorGuard(deps.operatorKey, operatorGuesses);

  app.register(
    async (scope) => {
      scope.addHook('onRequest', operatorOnly);
      scope.post('/devices', async (req) => ok(await operator.add(parsed(operatorAddBodySchema, req.body))));
      scope.post('/devices/import', { bodyLimit: IMPORT_BODY_LIMIT }, async (req) =>
        ok(await operator.importCsv(parsed(operatorImportBodySchema, req.body).csv)),
      );
      scope.get('/devices', async () => ok(await operator.list()));
      scope.post('/provision-keys', async (req) =>
        ok(await operator.provisionKeys(parsed(operatorProvisionKeysBodySchema, req.body).model)),
      );
    },
    { prefix: OPERATOR_PREFIX },
  );
}
