import { z } from 'zod';
import { latinDigits } from './auth-rules.ts';
import { commandValueSchema } from './device.ts';
import type { RouteDef } from './routes.ts';
import { binaryFileSchema } from './wrapper.ts';

/**
 * The voice assistant (issue 23, docs/decisions/047). A user records a few samples of a phrase and
 * ties the phrase to an automation or a device action; a spoken command is matched against the
 * user's own samples (speaker-dependent: MFCC features and dynamic time warping, no model).
 *
 * The voice service has its own base path, VOICE_PREFIX on the API's host unless the app's
 * VOICE_URL names another; its routes (`voiceRoutes`) are under that base, not under /api/v1, with
 * the same Bearer token and the same wrapper. The data set download (`files/vr-dataset`) is an
 * /api/v1 route (`voiceFileRoutes`).
 */
export const VOICE_PREFIX = '/voice';

/** Bytes an uploaded WAV may have: past it 413, nothing more read. */
export const VOICE_WAV_MAX_BYTES = 2 * 1024 * 1024;
/** Longest recording taken, in seconds (a command, not a dictation). */
export const VOICE_MAX_SECONDS = 8;
/** Shortest recording taken, in milliseconds of sound after silence is trimmed. */
export const VOICE_MIN_SPEECH_MS = 200;
/** Every recording is kept as 16-bit PCM mono at this rate (resampled on upload). */
export const VOICE_SAMPLE_RATE = 16_000;
/** A user's voice commands at most. */
export const VOICE_MAX_COMMANDS = 100;
/** Recorded samples per command at most. */
export const VOICE_MAX_SAMPLES_PER_COMMAND = 10;
/** Uploads a user's cache keeps (the oldest go first); `deleteCache` empties it. */
export const VOICE_CACHE_MAX = 20;
/** Characters of a command's phrase (its name) at most. */
export const VOICE_NAME_MAX = 80;

/**
 * A phrase as a sequence key: Persian and Arabic-Indic digits as Latin ones (spec: voice text),, lower case, punctuation dropped, spaces collapsed.
 * `getAutomationId?sequence=` compares sequences, so "Lights ۲" and "lights 2" are one command.
 */
export function voiceSequenceOf(text: string): string {
  return latinDigits(text)
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A recording's name in the voice service: `<uuid>.wav`; anything else is refused (no paths). */
export const voiceFileNameSchema = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.wav$/,
    'filename must be <uuid>.wav',
  );

/** What a voice command does: run one of the user's automations, or send values to a device. */
export const voiceTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('automation'), automationId: z.string().uuid('automationId must be a UUID') }),
  z.object({
    type: z.literal('device'),
    deviceId: z.string().uuid('deviceId must be a UUID'),
    /** The Key/Value pairs to send, as the device's control screen sends them. */
    values: z
      .record(z.string().min(1).max(64), commandValueSchema)
      .refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= 16, {
        message: 'values must have 1 to 16 keys',
      }),
  }),
]);
export type VoiceTarget = z.infer<typeof voiceTargetSchema>;

/** One recorded sample of a command (a file of the voice service). */
export const voiceSampleSchema = z.object({
  filename: z.string(),
  durationMs: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type VoiceSample = z.infer<typeof voiceSampleSchema>;

/** A user's voice command: the phrase, its sequence key, what it does and its samples. */
export const voiceCommandSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  sequence: z.string(),
  target: voiceTargetSchema,
  samples: z.array(voiceSampleSchema),
  createdAt: z.string(),
});
export type VoiceCommand = z.infer<typeof voiceCommandSchema>;

/**
 * `uploadfile` (multipart/form-data): `file`, a WAV (PCM 16-bit, mono or stereo, any common rate),
 * and `user_id`, the caller's own id. `mode` is `recognize` (the default: match it against the
 * user's commands) or `sample` (only keep it, to be given to a command with `subToData`).
 */
export const VOICE_UPLOAD_MODES = ['recognize', 'sample'] as const;
export type VoiceUploadMode = (typeof VOICE_UPLOAD_MODES)[number];
export const voiceUploadFieldsSchema = z.object({
  user_id: z.string().uuid('user_id must be a UUID'),
  mode: z.enum(VOICE_UPLOAD_MODES).default('recognize'),
});

/** A recognised command: its sequence (for `getAutomationId`), and how close the match was. */
export const voiceMatchSchema = z.object({
  commandId: z.string().uuid(),
  name: z.string(),
  sequence: z.string(),
  type: z.enum(['automation', 'device']),
  /** Mean DTW distance per frame to the closest sample (lower is closer). */
  distance: z.number(),
  /** The threshold it had to be under. */
  threshold: z.number(),
});
export type VoiceMatch = z.infer<typeof voiceMatchSchema>;

/**
 * `uploadfile`'s answer: the upload kept in the cache under `filename` (playable with `stream`),
 * its length after silence is trimmed, and with `mode=recognize` the match (errors otherwise:
 * VOICE_NO_COMMANDS, VOICE_NO_SEQUENCE). `match` is null with `mode=sample`.
 */
export const voiceUploadSchema = z.object({
  filename: z.string(),
  durationMs: z.number().int().nonnegative(),
  match: voiceMatchSchema.nullable(),
});
export type VoiceUpload = z.infer<typeof voiceUploadSchema>;

/**
 * `subToData`: give cached uploads (`filenames`, from `uploadfile`) to the command named `name`,
 * made with `target` when the user has no command of that sequence yet; an existing one gets the
 * samples added and its target replaced. Answers the command.
 */
export const voiceSubmitSchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(VOICE_NAME_MAX),
  target: voiceTargetSchema,
  filenames: z.array(voiceFileNameSchema).min(1).max(VOICE_MAX_SAMPLES_PER_COMMAND),
});
export type VoiceSubmit = z.infer<typeof voiceSubmitSchema>;

/** `deleteData`: forget the caller's voice commands (and samples) that act on this device. */
export const voiceDeleteDataSchema = z.object({ device_id: z.string().uuid('device_id must be a UUID') });
export const voiceDeviceQuerySchema = voiceDeleteDataSchema;
/** One of the caller's commands, whatever it runs (`deleteCommand`). */
export const voiceDeleteCommandSchema = z.object({
  command_id: z.string().uuid('command_id must be a UUID'),
});
export const voiceSequenceQuerySchema = z.object({
  sequence: z
    .string()
    .min(1, 'sequence must not be empty')
    .max(VOICE_NAME_MAX * 2),
});
export const voiceFileQuerySchema = z.object({ filename: voiceFileNameSchema });

/**
 * `getAutomationId`'s answer. With `type` automation, `id` is the automation the app then runs by id
 * (`automations/:id/execute`); with `type` device, `id` is the device and `values` what to send.
 */
export const voiceSequenceTargetSchema = z.object({
  type: z.enum(['automation', 'device']),
  id: z.string().uuid(),
  values: z.record(z.string(), commandValueSchema).nullable(),
  commandId: z.string().uuid(),
  name: z.string(),
  sequence: z.string(),
});
export type VoiceSequenceTarget = z.infer<typeof voiceSequenceTargetSchema>;

/** How many were deleted (`deleteCache`: uploads; `deleteData` and `deleteCommand`: commands). */
export const voiceDeletedSchema = z.object({ deleted: z.number().int().nonnegative() });

/** The voice service's routes; `path` is under the voice base (VOICE_PREFIX), not /api/v1. */
export const voiceRoutes = {
  voiceUploadFile: {
    method: 'POST',
    path: '/uploadfile',
    anonymous: false,
    /** multipart/form-data: `file` (WAV), `user_id`, optional `mode` (voiceUploadFieldsSchema). */
    bodyKind: 'binary',
    response: voiceUploadSchema,
  },
  voiceDeleteCache: {
    method: 'DELETE',
    path: '/deleteCache',
    anonymous: false,
    response: voiceDeletedSchema,
  },
  voiceDeleteData: {
    method: 'DELETE',
    path: '/deleteData',
    anonymous: false,
    body: voiceDeleteDataSchema,
    response: voiceDeletedSchema,
  },
  voiceDeleteCommand: {
    method: 'DELETE',
    path: '/deleteCommand',
    anonymous: false,
    body: voiceDeleteCommandSchema,
    response: voiceDeletedSchema,
  },
  voiceSubToData: {
    method: 'POST',
    path: '/subToData',
    anonymous: false,
    body: voiceSubmitSchema,
    response: voiceCommandSchema,
  },
  voiceDeviceList: {
    method: 'GET',
    path: '/deviceVoiceList',
    anonymous: false,
    query: voiceDeviceQuerySchema,
    response: z.array(voiceCommandSchema),
  },
  voiceAllCustomCommands: {
    method: 'GET',
    path: '/getAllCustomCommands',
    anonymous: false,
    response: z.array(voiceCommandSchema),
  },
  voiceAutomationId: {
    method: 'GET',
    path: '/getAutomationId',
    anonymous: false,
    query: voiceSequenceQuerySchema,
    response: voiceSequenceTargetSchema,
  },
  /** The recording as audio/wav, with Range requests (206) for a player. */
  voiceStream: {
    method: 'GET',
    path: '/stream',
    anonymous: false,
    query: voiceFileQuerySchema,
    responseKind: 'binary',
    response: binaryFileSchema,
  },
  /** The recording as an audio/wav attachment. */
  voiceAudioFile: {
    method: 'GET',
    path: '/getAudioFile',
    anonymous: false,
    query: voiceFileQuerySchema,
    responseKind: 'binary',
    response: binaryFileSchema,
  },
} as const satisfies Record<string, RouteDef>;

/**
 * The voice data set, `files/vr-dataset` (/api/v1): a gzip-compressed tar (`vr-dataset.tar.gz`,
 * Content-Length set so the app shows a percent) holding `manifest.json` (voiceDatasetManifestSchema)
 * and `features/<sample id>.f32` (each sample's MFCC frames, float32 little-endian, `coefficients`
 * a frame), so the app can match offline with voice-match.ts (`mfcc` of the live recording,
 * `nearestCommand` against these). The recordings stay on the server (`stream`, `getAudioFile`).
 */
export const voiceFileRoutes = {
  vrDataset: {
    method: 'GET',
    path: '/files/vr-dataset',
    anonymous: false,
    responseKind: 'binary',
    response: binaryFileSchema,
  },
} as const satisfies Record<string, RouteDef>;

/** How features are computed, so an offline matcher computes the same ones. */
export const voiceFeatureParamsSchema = z.object({
  sampleRate: z.literal(VOICE_SAMPLE_RATE),
  frameMs: z.number(),
  hopMs: z.number(),
  fftSize: z.number().int(),
  melBands: z.number().int(),
  coefficients: z.number().int(),
  threshold: z.number(),
  /** The nearest command's distance must be at most this fraction of the next command's. */
  ambiguityRatio: z.number(),
});
export type VoiceFeatureParams = z.infer<typeof voiceFeatureParamsSchema>;

export const voiceDatasetManifestSchema = z.object({
  version: z.literal(1),
  createdAt: z.string(),
  features: voiceFeatureParamsSchema,
  commands: z.array(voiceCommandSchema),
});
export type VoiceDatasetManifest = z.infer<typeof voiceDatasetManifestSchema>;
