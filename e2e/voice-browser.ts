import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, PHONE } from './stack.ts';

/**
 * The voice e2e's microphone (issue 23): WAVs spoken by espeak-ng, played by Chromium's fake capture
 * device (one file per browser launch, started again at each getUserMedia).
 */

/** 16-bit PCM WAV from espeak-ng in `dir`, with `leadMs` of silence before and `tailMs` after. */
export function speakWav(
  dir: string,
  file: string,
  voice: string,
  text: string,
  extra: string[] = [],
  leadMs = 200,
  tailMs = 4000,
): string {
  const raw = join(dir, `raw-${file}`);
  execFileSync('espeak-ng', ['-v', voice, ...extra, '-w', raw, text]);
  const wav = readFileSync(raw);
  // Walk the RIFF chunks for fmt and data (espeak-ng's header is the plain 44 bytes, but do not rely on it).
  let at = 12;
  let rate = 22_050;
  let data = Buffer.alloc(0);
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = Math.min(wav.readUInt32LE(at + 4), wav.length - at - 8);
    if (id === 'fmt ') rate = wav.readUInt32LE(at + 12);
    if (id === 'data') data = wav.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  const pad = (ms: number) => Buffer.alloc(Math.round((rate * ms) / 1000) * 2);
  const pcm = Buffer.concat([pad(leadMs), data, pad(tailMs)]);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  const path = join(dir, file);
  writeFileSync(path, Buffer.concat([header, pcm]));
  return path;
}

/** A Chromium whose microphone says what `wav` holds (the permission prompt accepted). */
export function launchHearing(wav: string): Promise<Browser> {
  return launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
}

/** A phone context in `language` (dark in fa and ar, light otherwise), with the voice button's flag as given. */
export async function phoneContext(
  browser: Browser,
  language: 'en' | 'fa' | 'ar' | 'tr',
  voiceButton: boolean,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    colorScheme: language === 'fa' || language === 'ar' ? 'dark' : 'light',
  });
  await context.addInitScript(
    ([lng, on]) => {
      if (!localStorage.getItem('app-setting-store'))
        localStorage.setItem(
          'app-setting-store',
          JSON.stringify({ state: { selectedLanguage: lng, isGlobalButtonVisible: on }, version: 1 }),
        );
    },
    [language, voiceButton] as const,
  );
  return context;
}
