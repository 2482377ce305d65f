import { buildWrite, CatalogError, getProfile } from '@hestia/catalog';
import { VOICE_PREFIX, voiceFileRoutes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Infrastructure } from '../../core/infrastructure.ts';
import { AttemptLimiter, type AttemptStore } from '../../core/rate-limiter.ts';
import { fileRoute } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { AutomationService } from '../automation/automation.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import { dataset } from './dataset.ts';
import { VoiceRepository } from './voice.repository.ts';
import { voiceRoutesPlugin } from './voice.routes.ts';
import { type VoiceAccess, VoiceService } from './voice.service.ts';
import { VoiceWorkerPool } from './voice-pool.ts';

/** Recordings a user may upload per minute (each is parsed, resampled and matched). */
export const VOICE_UPLOADS_PER_MINUTE = 30;

/**
 * The voice assistant (issue 23, decision 047): a self-contained Fastify plugin at its own base
 * path (`/voice` here; it needs only a token check, the database and an access check for devices
 * and automations, so it could be registered on a server of its own), and the data set download
 * `files/vr-dataset` under /api/v1.
 */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'clock' | 'log' | 'onClose'> & {
    auth: AuthService;
    devices: DeviceService;
    automations: AutomationService;
    attempts: AttemptStore;
  },
): { voice: VoiceService } {
  const access: VoiceAccess = {
    device: async (userId, deviceId, values) => {
      const { row, access } = await deps.devices.access(userId, deviceId);
      if (!values) return;
      // A command that sends values is checked as a write would be: a viewer may not write, and
      // the values must be keys the model takes, of one register group.
      if (access === 'view') throw new AppError('VIEW_ONLY');
      const profile = getProfile(row.profileId);
      if (!profile) return;
      try {
        buildWrite(
          profile,
          Object.entries(values).map(([Key, Value]) => ({ Key, Value })),
        );
      } catch (err) {
        if (err instanceof CatalogError) throw new AppError('VALIDATION', `target.values: ${err.message}`);
        throw err;
      }
    },
    automation: async (userId, automationId) => {
      await deps.automations.get(userId, automationId, 'automation');
    },
  };
  const repo = new VoiceRepository(deps.db);
  // Features and matching on one worker thread, started at the first upload (decision 047).
  const analyser = new VoiceWorkerPool((message) => deps.log.warn(message));
  deps.onClose(() => analyser.close());
  const voice = new VoiceService({
    repo,
    access,
    analyser,
    uploads: new AttemptLimiter(deps.attempts, {
      name: 'voice-upload',
      limit: VOICE_UPLOADS_PER_MINUTE,
      windowMs: 60_000,
    }),
  });
  app.register(voiceRoutesPlugin({ auth: deps.auth, voice, budgetServer: app }), { prefix: VOICE_PREFIX });

  fileRoute(app, deps.auth, voiceFileRoutes.vrDataset, async ({ principal }, reply) => {
    const commands = await voice.list(principal.userId);
    const features = new Map((await repo.sampleFeatures(principal.userId)).map((s) => [s.id, s.features]));
    const archive = dataset(commands, features, deps.clock.now());
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(archive.length))
      .header('content-disposition', 'attachment; filename="vr-dataset.tar.gz"')
      .header('cache-control', 'private, no-cache')
      .send(archive);
  });
  return { voice };
}
