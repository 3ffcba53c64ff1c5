/**
 * The ZXing WebAssembly reader (barcode-detector's ponyfill) for Code 128, ready to read: wherever it runs
 * (scanWorker.ts, or the page where a worker cannot draw a frame), its .wasm comes from our own origin,
 * never from the package's default CDN: a workshop without internet and the CSP (connect-src 'self') both
 * need that.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export async function zxingDetector() {
  // Fetched and compiled now, so the first frame is read as soon as the camera gives it.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        (path.endsWith('.wasm') ? new URL(wasmUrl, globalThis.location.href).href : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['code_128'] });
}
