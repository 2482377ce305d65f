import { DEFAULT_VOICE_PATH } from '@hestia/client';

/**
 * Where the voice service is: the build's `VITE_VOICE_URL` (another host, or another path; relative to
 * the page when it has no origin), else the voice base on the API's own origin (spec section 7: a
 * separate base for voice-assistant paths). No trailing slash.
 */
export function voiceBaseUrl(
  configured: string | undefined = import.meta.env.VITE_VOICE_URL,
  origin: string = window.location.origin,
): string {
  const url = configured?.trim();
  if (!url) return `${origin}${DEFAULT_VOICE_PATH}`;
  return new URL(url, origin).toString().replace(/\/+$/, '');
}
