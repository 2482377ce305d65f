import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's WebAssembly ships with the app (a hashed asset), never from zxing-wasm's default CDN:
// a hub on a network without the internet, or a strict Content-Security-Policy, must still scan.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** The zxing-wasm BarcodeDetector for browsers without their own (desktop Chrome on Linux, Firefox, Safari). */
export function zxingDetector(): BarcodeDetector {
  return new BarcodeDetector({ formats: ['qr_code'] });
}
