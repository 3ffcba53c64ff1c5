/**
 * The Code 128 reader of «Escanear» (issue 28 §1), loaded by that page only (a dynamic import): the
 * browser's BarcodeDetector where it reads Code 128 (Chrome on Android), the barcode-detector ponyfill
 * (ZXing WebAssembly) elsewhere. The .wasm comes from our own origin, never from the package's default
 * CDN: a workshop without internet and the CSP (connect-src 'self') both need that.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export interface CodeReader {
  /** The Code 128 values in the video's current frame (none while it has no frame yet). */
  read(video: HTMLVideoElement): Promise<string[]>;
}

interface Detector { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> }
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

const FORMATS = ['code_128'];

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('code_128') ? new Native({ formats: FORMATS }) : null;
  } catch {
    return null;
  }
}

async function zxingDetector(): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Fetched and compiled now, so the first frame is read as soon as the camera gives it.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['code_128'] });
}

export async function loadReader(): Promise<CodeReader> {
  const detector = (await nativeDetector()) ?? (await zxingDetector());
  return {
    async read(video) {
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth) return [];
      const found = await detector.detect(video);
      return found.map((barcode) => barcode.rawValue.trim()).filter(Boolean);
    },
  };
}
