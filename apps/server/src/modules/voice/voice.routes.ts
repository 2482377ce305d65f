import {
  fail,
  NO_BODY_LIMIT,
  ok,
  type RouteDef,
  VOICE_WAV_MAX_BYTES,
  voiceRoutes,
  voiceUploadFieldsSchema,
} from '@hestia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { spendRequestOrWait } from '../../core/request-budget.ts';
import { type Authenticator, bearerToken } from '../../plugins/api.ts';
import { noteUser } from '../../plugins/request-log.ts';
import { parseMultipart } from './multipart.ts';
import type { VoiceService } from './voice.service.ts';

interface Input<D extends RouteDef> {
  userId: string;
  req: FastifyRequest;
  query: D['query'] extends z.ZodTypeAny ? z.infer<D['query']> : undefined;
  body: D['body'] extends z.ZodTypeAny ? z.infer<D['body']> : unknown;
}

export interface VoiceRouteDeps {
  auth: Authenticator<{ userId: string }>;
  voice: VoiceService;
  /** The server whose per-user request budget the voice calls spend (the main app's). */
  budgetServer?: object;
}

/** Bytes a multipart upload may have: the WAV and the form's own few hundred bytes. */
const UPLOAD_LIMIT = VOICE_WAV_MAX_BYTES + 16 * 1024;

function parsed<S extends z.ZodTypeAny | undefined>(schema: S, value: unknown): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue?.path.join('.');
  throw new AppError(
    'VALIDATION',
    issue ? (where ? `${where}: ${issue.message}` : issue.message) : undefined,
  );
}

/**
 * The voice service's routes (decision 047) under the prefix the plugin is registered with
 * (VOICE_PREFIX by default): the same Bearer tokens and wrapper as /api/v1, its own parsers.
 * Errors go to the host's error handler (installErrorHandling), so they are in the wrapper too.
 */
export function voiceRoutesPlugin(deps: VoiceRouteDeps) {
  const { auth, voice, budgetServer } = deps;

  return async (scope: FastifyInstance): Promise<void> => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT },
      (_req, body, done) => done(null, body),
    );
    // Any other type is read too (bounded the same), so that an upload sent as raw audio gets the
    // answer that names the form, and a JSON route the 415 that names JSON.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    // An unknown path under the voice base is a 404 in the wrapper, never the web app's page.
    scope.setNotFoundHandler((_req, reply) => reply.status(404).send(fail('Request not found', 404)));

    const add = <D extends RouteDef>(
      def: D,
      handler: (input: Input<D>, reply: FastifyReply) => Promise<unknown>,
    ) => {
      scope.route({
        method: def.method,
        url: def.path,
        bodyLimit: def.bodyKind === 'binary' ? UPLOAD_LIMIT : def.body ? 8 * 1024 : NO_BODY_LIMIT,
        handler: async (req, reply) => {
          if (def.body) {
            const type = String(req.headers['content-type'] ?? '')
              .split(';')[0]
              ?.trim()
              .toLowerCase();
            if (req.body !== undefined && type !== 'application/json')
              throw new AppError('UNSUPPORTED_MEDIA_TYPE');
          }
          const token = bearerToken(req);
          if (!token) throw new AppError('TOKEN_MISSING');
          const { userId } = await auth.authenticate(token);
          noteUser(req, userId);
          await spendRequestOrWait(budgetServer ?? req.server, userId);
          const input = {
            userId,
            req,
            query: parsed(def.query, req.query),
            body: def.bodyKind === 'binary' ? req.body : parsed(def.body, req.body),
          } as Input<D>;
          const data = await handler(input, reply);
          return reply.sent ? reply : reply.status(200).send(ok(data));
        },
      });
    };

    add(voiceRoutes.voiceUploadFile, async ({ userId, req, body }) => {
      if (!Buffer.isBuffer(body))
        throw new AppError(
          'VALIDATION',
          'Send multipart/form-data with the fields file (a WAV) and user_id.',
        );
      const parts = parseMultipart(String(req.headers['content-type'] ?? ''), body);
      const file = parts.find((p) => p.name === 'file');
      if (!file) throw new AppError('VALIDATION', 'file: Send the recording as the form field file.');
      const fields = parsed(voiceUploadFieldsSchema, {
        user_id: parts
          .find((p) => p.name === 'user_id')
          ?.data.toString('utf8')
          .trim(),
        mode: parts
          .find((p) => p.name === 'mode')
          ?.data.toString('utf8')
          .trim(),
      }) as z.infer<typeof voiceUploadFieldsSchema>;
      if (fields.user_id !== userId) throw new AppError('FORBIDDEN', 'user_id must be your own user id.');
      if (file.data.length === 0) throw new AppError('VALIDATION', 'file: The recording is empty.');
      return voice.upload(userId, file.data, fields.mode);
    });

    add(voiceRoutes.voiceDeleteCache, async ({ userId }) => ({ deleted: await voice.deleteCache(userId) }));

    add(voiceRoutes.voiceDeleteData, async ({ userId, body }) => ({
      deleted: await voice.deleteData(userId, body.device_id),
    }));

    add(voiceRoutes.voiceDeleteCommand, async ({ userId, body }) => ({
      deleted: await voice.deleteCommand(userId, body.command_id),
    }));

    add(voiceRoutes.voiceSubToData, async ({ userId, body }) => voice.submit(userId, body));

    add(voiceRoutes.voiceDeviceList, async ({ userId, query }) => voice.list(userId, query.device_id));

    add(voiceRoutes.voiceAllCustomCommands, async ({ userId }) => voice.list(userId));

    add(voiceRoutes.voiceAutomationId, async ({ userId, query }) => voice.target(userId, query.sequence));

    add(voiceRoutes.voiceStream, async ({ userId, req, query }, reply) => {
      const data = await voice.file(userId, query.filename);
      reply
        .header('content-type', 'audio/wav')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff');
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
      if (!range || (range[1] === '' && range[2] === '')) return reply.send(data);
      // `bytes=a-b`, `bytes=a-` or the last n bytes `bytes=-n`.
      const start = range[1] === '' ? Math.max(0, data.length - Number(range[2])) : Number(range[1]);
      const end =
        range[1] === '' || range[2] === '' ? data.length - 1 : Math.min(Number(range[2]), data.length - 1);
      if (start >= data.length || start > end)
        return reply
          .status(416)
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-range', `bytes */${data.length}`)
          .send(fail('The range is outside the recording.', 416));
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${data.length}`)
        .send(data.subarray(start, end + 1));
    });

    add(voiceRoutes.voiceAudioFile, async ({ userId, query }, reply) => {
      const data = await voice.file(userId, query.filename);
      return reply
        .header('content-type', 'audio/wav')
        .header('content-disposition', `attachment; filename="${query.filename}"`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    });
  };
}
