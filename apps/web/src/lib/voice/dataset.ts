import { gunzip, untar } from './tar.ts';
import { voice } from './voice-data.ts';

/** The download's display states (spec section 5: percent, then an extracting phase). */
export type DatasetPhase =
  | { phase: 'idle' }
  | { phase: 'downloading'; percent: number | null }
  | { phase: 'extracting' }
  | { phase: 'ready'; summary: DatasetSummary }
  | { phase: 'failed'; error: unknown };

/** What is stored on this device. */
export interface DatasetSummary {
  files: number;
  bytes: number;
  savedAt: string;
}

/** Where the extracted files are kept: Cache Storage, readable offline by path. */
export const DATASET_CACHE = 'hestia-voice-dataset-v1';
export const DATASET_PREFIX = '/voice-dataset/';
const SUMMARY_KEY = 'voice-dataset';

export function storedSummary(): DatasetSummary | null {
  try {
    const raw = localStorage.getItem(SUMMARY_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<DatasetSummary>) : null;
    if (!value || typeof value.files !== 'number' || typeof value.bytes !== 'number') return null;
    return { files: value.files, bytes: value.bytes, savedAt: String(value.savedAt ?? '') };
  } catch {
    return null;
  }
}

/** True when the stored data set is still in the cache (a browser may have evicted it). */
export async function datasetPresent(): Promise<boolean> {
  if (!storedSummary() || typeof caches === 'undefined') return false;
  const cache = await caches.open(DATASET_CACHE);
  return Boolean(await cache.match(`${DATASET_PREFIX}manifest.json`));
}

/**
 * Download `files/vr-dataset` with its percent, then (extracting) ungzip and untar it and keep each
 * file (manifest.json, samples/…) in Cache Storage for offline matching; the previous copy is replaced
 * only once the new one is complete.
 */
export async function downloadDataset(onPhase: (phase: DatasetPhase) => void): Promise<DatasetSummary> {
  if (typeof caches === 'undefined') throw new Error('Cache Storage is not available');
  onPhase({ phase: 'downloading', percent: 0 });
  const archive = await voice.dataset((received, total) =>
    onPhase({
      phase: 'downloading',
      percent: total ? Math.min(100, Math.floor((received / total) * 100)) : null,
    }),
  );
  onPhase({ phase: 'extracting' });
  const entries = untar(await gunzip(archive));
  const manifest = entries.find((e) => e.name === 'manifest.json');
  if (!manifest) throw new Error('The voice data set has no manifest.json');
  JSON.parse(new TextDecoder().decode(manifest.data));
  await caches.delete(`${DATASET_CACHE}-next`);
  const next = await caches.open(`${DATASET_CACHE}-next`);
  for (const entry of entries) {
    const type = entry.name.endsWith('.json')
      ? 'application/json'
      : entry.name.endsWith('.wav')
        ? 'audio/wav'
        : 'application/octet-stream';
    await next.put(
      `${DATASET_PREFIX}${entry.name}`,
      new Response(entry.data as BodyInit, { headers: { 'content-type': type } }),
    );
  }
  await caches.delete(DATASET_CACHE);
  const cache = await caches.open(DATASET_CACHE);
  for (const request of await next.keys()) {
    const response = await next.match(request);
    if (response) await cache.put(request, response);
  }
  await caches.delete(`${DATASET_CACHE}-next`);
  const summary: DatasetSummary = {
    files: entries.length,
    bytes: entries.reduce((n, e) => n + e.data.length, 0),
    savedAt: new Date().toISOString(),
  };
  localStorage.setItem(SUMMARY_KEY, JSON.stringify(summary));
  onPhase({ phase: 'ready', summary });
  return summary;
}
