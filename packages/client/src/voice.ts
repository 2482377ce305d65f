import type {
  VoiceCommand,
  VoiceSequenceTarget,
  VoiceSubmit,
  VoiceUpload,
  VoiceUploadMode,
} from '@hestia/contract';
import { API_PREFIX } from '@hestia/contract/light';
import { DEFAULT_TIMEOUT_MS, fetchWithTimeout, unwrapResponse } from './api.ts';
import { ApiError, isTokenRejected } from './errors.ts';

/** The voice service's base path on the API's origin (the contract's VOICE_PREFIX), unless VOICE_URL says otherwise. */
export const DEFAULT_VOICE_PATH = '/voice';

/** The session a voice client borrows: the REST client's token refresh (`HestiaClient`). */
export interface VoiceSession {
  refreshIfDue(leadMs?: number): Promise<void>;
  refreshRejected(token: string): Promise<boolean>;
}

export interface VoiceClientOptions {
  /** The voice service's base URL (no trailing slash), e.g. `https://home.example/voice`. */
  voiceUrl: string;
  /** Origin of the REST API (for `files/vr-dataset`); empty for same-origin. */
  apiUrl?: string;
  /** The current token; the client sends it as Bearer. */
  token: () => string | undefined;
  /** Refreshes the token as the REST client does; without it, a 401 is the caller's. */
  session?: VoiceSession;
  language?: () => string;
  /** Default 10 s (spec section 7); uploads take 30 s (recognition runs during the call). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Bytes received so far and the total the server announced (null when it did not). */
export type DownloadProgress = (received: number, total: number | null) => void;

const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * The voice assistant's service (spec section 7, "Voice assistant server"): its own base, Bearer
 * auth, the same wrapper as /api/v1. Paths and shapes are the contract's `voiceRoutes`; the data set
 * download (`files/vr-dataset`) is an /api/v1 file read with its progress.
 */
export class VoiceClient {
  constructor(private readonly opts: VoiceClientOptions) {}

  /** Upload a WAV: `recognize` matches it against the user's commands, `sample` only keeps it. */
  upload(wav: Blob, userId: string, mode: VoiceUploadMode = 'recognize'): Promise<VoiceUpload> {
    const form = () => {
      const data = new FormData();
      data.append('user_id', userId);
      data.append('mode', mode);
      data.append('file', wav, 'speech.wav');
      return data;
    };
    return this.json('POST', '/uploadfile', form, UPLOAD_TIMEOUT_MS);
  }
  deleteCache(): Promise<{ deleted: number }> {
    return this.json('DELETE', '/deleteCache');
  }
  /** Forget the commands acting on a device; the device's voice list is then fetched again. */
  deleteData(deviceId: string): Promise<{ deleted: number }> {
    return this.json('DELETE', '/deleteData', () => JSON.stringify({ device_id: deviceId }));
  }

  /** One command, whatever it runs (an automation or a device's values), with its samples. */
  deleteCommand(commandId: string): Promise<{ deleted: number }> {
    return this.json('DELETE', '/deleteCommand', () => JSON.stringify({ command_id: commandId }));
  }
  subToData(body: VoiceSubmit): Promise<VoiceCommand> {
    return this.json('POST', '/subToData', () => JSON.stringify(body));
  }
  deviceVoiceList(deviceId: string): Promise<VoiceCommand[]> {
    return this.json('GET', `/deviceVoiceList?${new URLSearchParams({ device_id: deviceId })}`);
  }
  allCustomCommands(): Promise<VoiceCommand[]> {
    return this.json('GET', '/getAllCustomCommands');
  }
  automationId(sequence: string): Promise<VoiceSequenceTarget> {
    return this.json('GET', `/getAutomationId?${new URLSearchParams({ sequence })}`);
  }
  /** A recording to play (`stream`, audio/wav). */
  stream(filename: string): Promise<Blob> {
    return this.blob(`${this.opts.voiceUrl}/stream?${new URLSearchParams({ filename })}`);
  }
  /** A recording as a file (`getAudioFile`). */
  audioFile(filename: string): Promise<Blob> {
    return this.blob(`${this.opts.voiceUrl}/getAudioFile?${new URLSearchParams({ filename })}`);
  }

  /** The voice data set (`files/vr-dataset`, a .tar.gz), read with progress; no time-out while bytes flow. */
  async dataset(onProgress: DownloadProgress): Promise<Uint8Array> {
    const res = await this.send('GET', `${this.opts.apiUrl ?? ''}${API_PREFIX}/files/vr-dataset`, {
      timeoutMs: this.opts.timeoutMs,
    });
    if (!res.ok) throw await this.errorOf(res);
    const total = Number(res.headers.get('content-length')) || null;
    const reader = res.body?.getReader();
    if (!reader) return new Uint8Array(await res.arrayBuffer());
    const parts: Uint8Array[] = [];
    let received = 0;
    onProgress(0, total);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.length;
      onProgress(received, total);
    }
    const out = new Uint8Array(received);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  private async json<T>(method: string, path: string, body?: () => BodyInit, timeoutMs?: number): Promise<T> {
    const res = await this.send(method, `${this.opts.voiceUrl}${path}`, { body, timeoutMs });
    return (await unwrapResponse(res)) as T;
  }

  private async blob(url: string): Promise<Blob> {
    const res = await this.send('GET', url, {});
    if (!res.ok) throw await this.errorOf(res);
    return res.blob();
  }

  /**
   * One request with a fresh token: refreshed first when due, and once more when the server answers
   * that the session has expired (then sent once more), as the REST client does.
   */
  private async send(
    method: string,
    url: string,
    init: { body?: () => BodyInit; timeoutMs?: number },
  ): Promise<Response> {
    await this.opts.session?.refreshIfDue(0);
    const token = this.opts.token();
    const res = await this.request(method, url, token, init);
    if (res.status !== 401 || !token || !this.opts.session) return res;
    const err = await this.errorOf(res.clone());
    if (!isTokenRejected(err) || !(await this.opts.session.refreshRejected(token))) return res;
    return this.request(method, url, this.opts.token(), init);
  }

  private request(
    method: string,
    url: string,
    token: string | undefined,
    init: { body?: () => BodyInit; timeoutMs?: number },
  ): Promise<Response> {
    const body = init.body?.();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const lang = this.opts.language?.();
    if (lang) headers['Accept-Language'] = lang;
    // The time-out covers the answer's start: a download's bytes may take longer.
    return fetchWithTimeout(
      this.opts.fetch ?? fetch,
      url,
      { method, headers, body },
      init.timeoutMs ?? this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
  }

  private async errorOf(res: Response): Promise<ApiError> {
    try {
      await unwrapResponse(res);
    } catch (err) {
      if (err instanceof ApiError) return err;
    }
    return new ApiError('Request failed', res.status);
  }
}
