/** Reads the text of the QR codes in an image, a video frame or a file. */
export interface QrReader {
  read(source: ImageBitmapSource): Promise<string[]>;
}

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

let reader: Promise<QrReader> | undefined;

async function pick(): Promise<QrReader> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const native = Native && (await Native.getSupportedFormats()).includes('qr_code');
  // Only this screen loads the polyfill and its WebAssembly, and only where the browser has no reader.
  const detector: Detector = native
    ? new Native({ formats: ['qr_code'] })
    : (await import('./zxing-reader.ts')).zxingDetector();
  return { read: async (source) => (await detector.detect(source)).map((code) => code.rawValue) };
}

/** The browser's BarcodeDetector where it reads QR codes, else zxing-wasm's; made once. */
export function qrReader(): Promise<QrReader> {
  reader ??= pick().catch((err: unknown) => {
    reader = undefined;
    throw err;
  });
  return reader;
}

/** Why the camera cannot be used: the user or the browser refused it, or there is none. */
export type CameraProblem = 'denied' | 'noCamera';

export function cameraProblemOf(err: unknown): CameraProblem {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'noCamera';
}
