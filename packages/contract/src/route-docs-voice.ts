import type { RouteDoc } from './route-docs.ts';
import type { voiceFileRoutes, voiceRoutes } from './voice.ts';

/** The voice data set download under /api/v1 (voice.ts voiceFileRoutes). */
export const voiceFileRouteDocs = {
  vrDataset: {
    tag: 'Files',
    summary: 'Download your voice data set (commands and sample features) as .tar.gz',
    description:
      "`vr-dataset.tar.gz`, with Content-Length for a progress percent: `manifest.json` (your voice commands, their samples, and the feature parameters and match threshold) and `features/<sample id>.f32`, each sample's MFCC frames as float32 little-endian, 12 a frame, so the app can match offline. Only the caller's own commands; none gives a data set with an empty list.",
  },
} as const satisfies Record<keyof typeof voiceFileRoutes, RouteDoc>;

/** The voice service's routes, under its own base path `/voice` (voice.ts voiceRoutes, decision 047). */
export const voiceRouteDocs = {
  voiceUploadFile: {
    tag: 'Voice assistant',
    summary: 'Upload a WAV recording: recognise it, or keep it as a sample',
    description:
      'multipart/form-data with `file` (WAV, PCM 16-bit, mono or stereo, 8 to 48 kHz, at most 8 s and 2 MB) and `user_id`, which must be the caller\'s own (else 403); `mode` is `recognize` (default) or `sample`. The recording is resampled to 16 kHz, cut from the silence around it and kept in the caller\'s cache (the newest 20) as `<uuid>.wav`. With `recognize` it is matched against the caller\'s own samples (MFCC and dynamic time warping): no commands gives 404 "No voice commands available.", no sample close enough 404 "No sequence was found in the speech.". Not a WAV, silent or empty: 400; past 2 MB: 413; 30 uploads a minute.',
    errors: ['FORBIDDEN', 'VOICE_NO_COMMANDS', 'VOICE_NO_SEQUENCE', 'RATE_LIMITED'],
  },
  voiceDeleteCache: {
    tag: 'Voice assistant',
    summary: "Delete your cached uploads (not your commands' samples)",
  },
  voiceDeleteData: {
    tag: 'Voice assistant',
    summary: 'Delete your voice commands that act on a device',
    description:
      "Your own commands with this device as target, and their samples. A device you cannot see and have no commands for is a 404. Other users' commands are theirs.",
    errors: ['NOT_FOUND'],
  },
  voiceDeleteCommand: {
    tag: 'Voice assistant',
    summary: 'Delete one of your voice commands and its samples',
    description:
      "Whatever it runs (an automation or a device's values). Not Hestia's spec route list: the app needs it to remove a command tied to an automation, which deleteData (by device) cannot reach. Another user's command, or none, is a 404.",
    errors: ['NOT_FOUND'],
  },
  voiceSubToData: {
    tag: 'Voice assistant',
    summary: 'Give cached uploads to a voice command (made or updated)',
    description:
      "The phrase `name` is kept with its sequence key (lower case, Persian and Arabic-Indic digits as Latin, no punctuation). With no command of that sequence one is made with `target` (one of your automations, or values for a device you own or control by a share, checked as a write: a viewer 403, a key the model lacks or keys of two register groups 400); with one, the samples are added and its target replaced. At most 100 commands and 10 samples a command. Another user's recording, automation or device: 404.",
    errors: ['NOT_FOUND', 'VIEW_ONLY'],
  },
  voiceDeviceList: {
    tag: 'Voice assistant',
    summary: 'Your voice commands that act on a device',
    description: 'A device you cannot see is a 404.',
    errors: ['NOT_FOUND'],
  },
  voiceAllCustomCommands: { tag: 'Voice assistant', summary: 'All your voice commands' },
  voiceAutomationId: {
    tag: 'Voice assistant',
    summary: 'What the command of a sequence does: an automation id, or a device and values',
    description:
      'With `type` automation the app runs it by id (`POST /api/v1/automations/{id}/execute`, which checks access to its devices at run time); with `type` device the app sends `values` to the device. A sequence you have no command for: 404 "No sequence was found in the speech.".',
    errors: ['VOICE_NO_SEQUENCE'],
  },
  voiceStream: {
    tag: 'Voice assistant',
    summary: 'Play one of your recordings (audio/wav, Range requests)',
    description:
      "`filename` is `<uuid>.wav` as the service named it (anything else 400). Another user's recording is a 404. `Range: bytes=a-b` gives 206.",
    errors: ['NOT_FOUND'],
  },
  voiceAudioFile: {
    tag: 'Voice assistant',
    summary: 'Download one of your recordings as an attachment',
    description: "Another user's recording is a 404.",
    errors: ['NOT_FOUND'],
  },
} as const satisfies Record<keyof typeof voiceRoutes, RouteDoc>;
