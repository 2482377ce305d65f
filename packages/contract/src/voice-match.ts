import { VOICE_MIN_SPEECH_MS, VOICE_SAMPLE_RATE } from './voice.ts';

/**
 * Speaker-dependent template matching for the voice assistant (docs/decisions/047), in plain
 * TypeScript with no Node or browser API, so the server and an offline app (on the data set of
 * `files/vr-dataset`) compute the same features and distances. The speech is cut from the silence
 * around it, described frame by frame by mel-frequency cepstral coefficients (pre-emphasis,
 * Hamming window, FFT, triangular mel filters, log, DCT) with the recording's mean taken away
 * (cepstral mean normalisation: the microphone's colour cancels out), and two recordings are
 * compared by dynamic time warping, which lines up the same sounds spoken faster or slower.
 */

/** Mono samples in [-1, 1] at `rate` Hz. */
export interface VoiceAudio {
  rate: number;
  samples: Float32Array;
}

export const FEATURES = {
  frameMs: 25,
  hopMs: 10,
  fftSize: 512,
  melBands: 26,
  coefficients: 12,
  lowHz: 60,
  highHz: 7600,
} as const;

/**
 * Mean per-frame DTW distance under which a match is taken. Calibrated on espeak-ng recordings
 * (decision 047, voice.test.ts prints the figures): the same phrase at another speed and pitch
 * measured well below it, other phrases well above.
 */
export const MATCH_THRESHOLD = 3.0;

/**
 * The nearest command must be at most this fraction of the next command's distance; nearer than
 * that, the two are too alike to pick one (measured: at most 0.71, "turn on" against "turn off").
 */
export const AMBIGUITY_RATIO = 0.9;

/**
 * Where the speech is: the span between the first and last 10 ms frame within 35 dB of the loudest,
 * 50 ms kept either side. `silent` when everything is under -60 dBFS, `short` under
 * VOICE_MIN_SPEECH_MS of sound.
 */
export function speechOf(audio: VoiceAudio): VoiceAudio | 'silent' | 'short' {
  const hop = Math.round(audio.rate / 100);
  const frames = Math.floor(audio.samples.length / hop);
  const db = new Float64Array(frames);
  let peak = Number.NEGATIVE_INFINITY;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) sum += (audio.samples[i] ?? 0) ** 2;
    db[f] = 10 * Math.log10(sum / hop + 1e-12);
    peak = Math.max(peak, db[f] ?? 0);
  }
  if (frames === 0 || peak < -60) return 'silent';
  let first = 0;
  while (first < frames && (db[first] ?? 0) < peak - 35) first++;
  let last = frames - 1;
  while (last > first && (db[last] ?? 0) < peak - 35) last--;
  const start = Math.max(0, (first - 5) * hop);
  const end = Math.min(audio.samples.length, (last + 6) * hop);
  const speech = { rate: audio.rate, samples: audio.samples.slice(start, end) };
  return (speech.samples.length / audio.rate) * 1000 < VOICE_MIN_SPEECH_MS ? 'short' : speech;
}

/**
 * `audio` at `rate` Hz: band-limited interpolation with a Hann-windowed sinc whose cut-off is the
 * lower of the two Nyquist frequencies (no aliasing when going down).
 */
export function resample(audio: VoiceAudio, rate = VOICE_SAMPLE_RATE): VoiceAudio {
  if (audio.rate === rate) return audio;
  const ratio = rate / audio.rate;
  const out = new Float32Array(Math.floor(audio.samples.length * ratio));
  const cutoff = Math.min(1, ratio); // of the input's Nyquist
  const half = 16; // taps each side, in output-rate periods scaled to the input
  const width = Math.ceil(half / cutoff);
  const src = audio.samples;
  for (let i = 0; i < out.length; i++) {
    const center = i / ratio;
    const lo = Math.max(0, Math.ceil(center - width));
    const hi = Math.min(src.length - 1, Math.floor(center + width));
    let sum = 0;
    let weight = 0;
    for (let j = lo; j <= hi; j++) {
      const x = (j - center) * cutoff;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const w = 0.5 + 0.5 * Math.cos((Math.PI * (j - center)) / (width + 1));
      const k = sinc * w;
      sum += (src[j] ?? 0) * k;
      weight += k;
    }
    out[i] = weight > 0 ? sum / weight : 0;
  }
  return { rate, samples: out };
}

/** In-place radix-2 FFT of (re, im), length a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] ?? 0, re[i] ?? 0];
      [im[i], im[j]] = [im[j] ?? 0, im[i] ?? 0];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = (re[b] ?? 0) * cr - (im[b] ?? 0) * ci;
        const ti = (re[b] ?? 0) * ci + (im[b] ?? 0) * cr;
        re[b] = (re[a] ?? 0) - tr;
        im[b] = (im[a] ?? 0) - ti;
        re[a] = (re[a] ?? 0) + tr;
        im[a] = (im[a] ?? 0) + ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
}

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (m: number) => 700 * (10 ** (m / 2595) - 1);

/** Triangular mel filters over the FFT's bins, built once. */
const melFilters: Float64Array[] = (() => {
  const { fftSize, melBands, lowHz, highHz } = FEATURES;
  const bins = fftSize / 2 + 1;
  const points = Array.from({ length: melBands + 2 }, (_, i) =>
    hzOfMel(mel(lowHz) + ((mel(highHz) - mel(lowHz)) * i) / (melBands + 1)),
  ).map((hz) => (hz * fftSize) / VOICE_SAMPLE_RATE);
  return Array.from({ length: melBands }, (_, b) => {
    const [lo, mid, hi] = [points[b] ?? 0, points[b + 1] ?? 0, points[b + 2] ?? 0];
    const w = new Float64Array(bins);
    for (let k = 0; k < bins; k++) {
      if (k > lo && k <= mid) w[k] = (k - lo) / (mid - lo);
      else if (k > mid && k < hi) w[k] = (hi - k) / (hi - mid);
    }
    return w;
  });
})();

/** MFCC frames of 16 kHz audio (c1…c12, c0 left out: loudness is not the word), mean removed. */
export function mfcc(audio: VoiceAudio): Float64Array[] {
  if (audio.rate !== VOICE_SAMPLE_RATE) throw new Error(`mfcc needs ${VOICE_SAMPLE_RATE} Hz audio`);
  const { fftSize, melBands, coefficients } = FEATURES;
  const size = Math.round((audio.rate * FEATURES.frameMs) / 1000);
  const hop = Math.round((audio.rate * FEATURES.hopMs) / 1000);
  const x = audio.samples;
  const out: Float64Array[] = [];
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  for (let start = 0; start + size <= x.length; start += hop) {
    re.fill(0);
    im.fill(0);
    for (let i = 0; i < size; i++) {
      const pre = (x[start + i] ?? 0) - 0.97 * (start + i > 0 ? (x[start + i - 1] ?? 0) : 0);
      re[i] = pre * (0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (size - 1)));
    }
    fft(re, im);
    const logMel = melFilters.map((w) => {
      let e = 0;
      for (let k = 0; k < w.length; k++) if (w[k]) e += (w[k] ?? 0) * ((re[k] ?? 0) ** 2 + (im[k] ?? 0) ** 2);
      return Math.log(e + 1e-10);
    });
    const c = new Float64Array(coefficients);
    for (let n = 1; n <= coefficients; n++) {
      let sum = 0;
      for (let b = 0; b < melBands; b++)
        sum += (logMel[b] ?? 0) * Math.cos((Math.PI * n * (b + 0.5)) / melBands);
      c[n - 1] = sum * Math.sqrt(2 / melBands);
    }
    out.push(c);
  }
  if (out.length === 0) return out;
  const mean = new Float64Array(coefficients);
  for (const f of out)
    for (let i = 0; i < coefficients; i++) mean[i] = (mean[i] ?? 0) + (f[i] ?? 0) / out.length;
  for (const f of out) for (let i = 0; i < coefficients; i++) f[i] = (f[i] ?? 0) - (mean[i] ?? 0);
  return out;
}

/**
 * Dynamic time warping distance: the cheapest alignment of the two frame sequences (steps right,
 * down or diagonal, within a band of half the longer length plus the length difference), its summed
 * Euclidean frame distances divided by n + m. Infinity when the lengths differ more than threefold,
 * or as soon as every path so far already costs more than `cutoff` (costs only grow: the answer
 * would be above it).
 */
export function dtwDistance(a: Float64Array[], b: Float64Array[], cutoff = Number.POSITIVE_INFINITY): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || n > 3 * m || m > 3 * n) return Number.POSITIVE_INFINITY;
  const band = Math.max(Math.abs(n - m), Math.ceil(Math.max(n, m) / 2));
  let prev = new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY);
  let cur = new Float64Array(m + 1);
  prev[0] = 0;
  const limit = cutoff * (n + m);
  for (let i = 1; i <= n; i++) {
    cur.fill(Number.POSITIVE_INFINITY);
    const center = Math.round((i * m) / n);
    const ai = a[i - 1] as Float64Array;
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = Math.max(1, center - band); j <= Math.min(m, center + band); j++) {
      const bj = b[j - 1] as Float64Array;
      let d = 0;
      for (let k = 0; k < ai.length; k++) d += ((ai[k] ?? 0) - (bj[k] ?? 0)) ** 2;
      const best = Math.min(
        prev[j] ?? Number.POSITIVE_INFINITY,
        cur[j - 1] ?? Number.POSITIVE_INFINITY,
        prev[j - 1] ?? Number.POSITIVE_INFINITY,
      );
      cur[j] = Math.sqrt(d) + best;
      if ((cur[j] ?? 0) < rowMin) rowMin = cur[j] ?? 0;
    }
    if (rowMin > limit) return Number.POSITIVE_INFINITY;
    [prev, cur] = [cur, prev];
  }
  return (prev[m] ?? Number.POSITIVE_INFINITY) / (n + m);
}

/** A command's sample as matching needs it: whose it is and its MFCC frames. */
export interface VoiceTemplate {
  commandId: string;
  frames: Float64Array[];
}

/**
 * The command whose nearest sample is nearest `frames`: taken when its distance is at most
 * MATCH_THRESHOLD and at most AMBIGUITY_RATIO of the next command's; else `none` (nothing close)
 * or `ambiguous` (two commands about as near). `none` too without templates.
 */
export function nearestCommand(
  frames: Float64Array[],
  templates: VoiceTemplate[],
): { commandId: string; distance: number; next: number | null } | 'none' | 'ambiguous' {
  const nearest = new Map<string, number>();
  // A sample farther than this can be neither the match nor the next command that makes it
  // ambiguous: its distance is not worked out to the end.
  let cutoff = MATCH_THRESHOLD / AMBIGUITY_RATIO;
  for (const t of templates) {
    const d = dtwDistance(frames, t.frames, cutoff);
    if (d < (nearest.get(t.commandId) ?? Number.POSITIVE_INFINITY)) nearest.set(t.commandId, d);
    cutoff = Math.min(cutoff, d / AMBIGUITY_RATIO);
  }
  const [best, second] = [...nearest]
    .map(([commandId, distance]) => ({ commandId, distance }))
    .sort((a, b) => a.distance - b.distance);
  if (!best || !(best.distance <= MATCH_THRESHOLD)) return 'none';
  if (second && best.distance > AMBIGUITY_RATIO * second.distance) return 'ambiguous';
  return { ...best, next: second?.distance ?? null };
}
