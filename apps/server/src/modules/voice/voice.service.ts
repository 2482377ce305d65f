import {
  latinDigits,
  VOICE_CACHE_MAX,
  VOICE_MAX_COMMANDS,
  VOICE_MAX_SAMPLES_PER_COMMAND,
  type VoiceCommand,
  type VoiceSequenceTarget,
  type VoiceSubmit,
  type VoiceUpload,
  type VoiceUploadMode,
  voiceSequenceOf,
} from '@hestia/contract';
import { AppError } from '../../core/errors.ts';
import type { AttemptLimiter } from '../../core/rate-limiter.ts';
import { RateLimitedError } from '../../core/rate-limiter.ts';
import type { Analysis } from './analyse.ts';
import { MATCH_THRESHOLD } from './features.ts';
import type { CommandRow, RecordingInfo, VoiceRepository } from './voice.repository.ts';
import type { VoiceAnalyser } from './voice-pool.ts';

/** What the voice service needs of devices and automations: the caller's access, 404 for strangers. */
export interface VoiceAccess {
  /** With `values`: also that the caller may write them to the device (a command's target). */
  device(userId: string, deviceId: string, values?: Record<string, string | number | boolean>): Promise<void>;
  automation(userId: string, automationId: string): Promise<void>;
}

/** Bytes from the worker (a Uint8Array after the thread hop) as a Buffer, without a copy. */
const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

const fileNameOf = (id: string) => `${id}.wav`;
export const idOfFileName = (filename: string) => filename.slice(0, -'.wav'.length);

/**
 * The voice assistant (decision 047): recordings in, speaker-dependent matching against the
 * user's own samples (MFCC + DTW), commands tied to automations or device values.
 */
export class VoiceService {
  constructor(
    private readonly deps: {
      repo: VoiceRepository;
      access: VoiceAccess;
      uploads: AttemptLimiter;
      analyser: VoiceAnalyser;
    },
  ) {}

  /**
   * A WAV upload: kept in the user's cache and, with `recognize`, matched to a command. The reading,
   * features and matching run on the voice worker thread (voice-pool.ts), off the event loop.
   */
  async upload(userId: string, wav: Buffer, mode: VoiceUploadMode): Promise<VoiceUpload> {
    const { repo, uploads, analyser } = this.deps;
    const taken = await uploads.reserve(userId);
    if (!taken.ok)
      throw new RateLimitedError(taken.retryAfterMs, 'Too many recordings. Please wait a moment.');
    const templates = mode === 'recognize' ? await repo.templates(userId) : undefined;
    const analysis = await analyser.analyse(wav, templates);
    const match = analysis.match === null ? null : await this.described(userId, analysis.match);
    const row = await repo.addRecording(
      userId,
      analysis.durationMs,
      asBuffer(analysis.wav),
      asBuffer(analysis.features),
    );
    await repo.trimCache(userId, VOICE_CACHE_MAX);
    return { filename: fileNameOf(row.id), durationMs: analysis.durationMs, match };
  }

  /** The matched command as the answer names it (the spec's error when nothing was near enough). */
  private async described(
    userId: string,
    found: NonNullable<Analysis['match']>,
  ): Promise<NonNullable<VoiceUpload['match']>> {
    // Nothing near enough, or two commands about as near: nothing is run on a guess.
    if (found === 'none') throw new AppError('VOICE_NO_SEQUENCE');
    const command = (await this.deps.repo.commands(userId)).find((c) => c.id === found.commandId);
    if (!command) throw new AppError('VOICE_NO_SEQUENCE');
    return {
      commandId: command.id,
      name: command.name,
      sequence: command.sequence,
      type: command.targetType,
      distance: Math.round(found.distance * 1000) / 1000,
      threshold: MATCH_THRESHOLD,
    };
  }

  /** Give cached uploads to the command named `body.name` (made, or its target replaced). */
  async submit(userId: string, body: VoiceSubmit): Promise<VoiceCommand> {
    const { repo, access } = this.deps;
    const sequence = voiceSequenceOf(body.name);
    if (!sequence) throw new AppError('VALIDATION', 'name: The phrase needs at least one letter or digit.');
    const { target } = body;
    if (target.type === 'automation') await access.automation(userId, target.automationId);
    else await access.device(userId, target.deviceId, target.values);
    const ids = [...new Set(body.filenames.map(idOfFileName))];
    const cached = await repo.cached(userId, ids);
    if (cached.length !== ids.length)
      throw new AppError('NOT_FOUND', 'Recording not found: upload it with uploadfile first.');
    const existing = await repo.commandBySequence(userId, sequence);
    if (!existing && (await repo.countCommands(userId)) >= VOICE_MAX_COMMANDS)
      throw new AppError('VALIDATION', `A user has at most ${VOICE_MAX_COMMANDS} voice commands.`);
    const had = existing ? (await repo.samplesOf(userId, [existing.id])).length : 0;
    if (had + ids.length > VOICE_MAX_SAMPLES_PER_COMMAND)
      throw new AppError(
        'VALIDATION',
        `A voice command has at most ${VOICE_MAX_SAMPLES_PER_COMMAND} samples (this one has ${had}).`,
      );
    const row = await repo.upsertCommand({
      userId,
      name: latinDigits(body.name.trim()),
      sequence,
      targetType: target.type,
      automationId: target.type === 'automation' ? target.automationId : null,
      deviceId: target.type === 'device' ? target.deviceId : null,
      values: target.type === 'device' ? target.values : null,
    });
    await repo.attach(userId, ids, row.id);
    const [dto] = await this.dtos(userId, [row]);
    if (!dto) throw new Error('the command just saved is missing');
    return dto;
  }

  /** The user's commands; with a device, those acting on it (a device the caller cannot see: 404). */
  async list(userId: string, deviceId?: string): Promise<VoiceCommand[]> {
    if (deviceId) await this.deps.access.device(userId, deviceId);
    return this.dtos(userId, await this.deps.repo.commands(userId, deviceId));
  }

  /** What the command of this sequence does; the app then runs the automation by id. */
  async target(userId: string, sequenceText: string): Promise<VoiceSequenceTarget> {
    const sequence = voiceSequenceOf(sequenceText);
    const row = sequence ? await this.deps.repo.commandBySequence(userId, sequence) : undefined;
    if (!row) throw new AppError('VOICE_NO_SEQUENCE');
    const id = row.targetType === 'automation' ? row.automationId : row.deviceId;
    if (!id) throw new AppError('VOICE_NO_SEQUENCE');
    // The device may have been unshared since the command was made: access is checked again.
    if (row.targetType === 'device') await this.deps.access.device(userId, id);
    return {
      type: row.targetType,
      id,
      values: row.values ?? null,
      commandId: row.id,
      name: row.name,
      sequence: row.sequence,
    };
  }

  /**
   * Delete the caller's commands acting on the device. A device the caller cannot see and has no
   * commands for is a 404, as for any stranger; their own commands for a device no longer shared
   * with them can still be deleted.
   */
  async deleteData(userId: string, deviceId: string): Promise<number> {
    const deleted = await this.deps.repo.deleteForDevice(userId, deviceId);
    if (deleted === 0) await this.deps.access.device(userId, deviceId);
    return deleted;
  }

  /** One of the caller's commands; anyone else's is not found, as one that does not exist. */
  async deleteCommand(userId: string, id: string): Promise<number> {
    const deleted = await this.deps.repo.deleteCommand(userId, id);
    if (deleted === 0) throw new AppError('NOT_FOUND', 'Voice command not found.');
    return deleted;
  }

  deleteCache(userId: string): Promise<number> {
    return this.deps.repo.deleteCache(userId);
  }

  /** One of the caller's recordings (a sample or a cached upload); anyone else's is not found. */
  async file(userId: string, filename: string): Promise<Buffer> {
    const data = await this.deps.repo.file(userId, idOfFileName(filename));
    if (!data) throw new AppError('NOT_FOUND', 'Recording not found.');
    return data;
  }

  async dtos(userId: string, rows: CommandRow[]): Promise<VoiceCommand[]> {
    const samples = await this.deps.repo.samplesOf(
      userId,
      rows.map((r) => r.id),
    );
    const byCommand = new Map<string, RecordingInfo[]>();
    for (const s of samples)
      if (s.commandId) byCommand.set(s.commandId, [...(byCommand.get(s.commandId) ?? []), s]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      sequence: r.sequence,
      target:
        r.targetType === 'automation'
          ? { type: 'automation', automationId: r.automationId ?? '' }
          : { type: 'device', deviceId: r.deviceId ?? '', values: r.values ?? {} },
      samples: (byCommand.get(r.id) ?? []).map((s) => ({
        filename: fileNameOf(s.id),
        durationMs: s.durationMs,
        createdAt: s.createdAt.toISOString(),
      })),
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
