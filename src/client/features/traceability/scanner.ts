/**
 * The Code 128 reader of «Escanear» (issue 28 §1), loaded by that page only (a dynamic import): the
 * browser's BarcodeDetector where it reads Code 128 (Chrome on Android), elsewhere ZXing's WebAssembly
 * (zxing.ts) in a worker (scanWorker.ts), so that reading five frames a second never holds the page's
 * thread (issue 46): the page's only work is to hand each frame over. On the page itself only where a
 * worker cannot draw a frame (no OffscreenCanvas).
 */
import type { FrameToRead, ReaderAnswer } from './scanWorker';

export interface CodeReader {
  /** The Code 128 values in the video's current frame (none while it has no frame yet). */
  read(video: HTMLVideoElement): Promise<string[]>;
  /** Lets the reader go (its worker), when the page closes. */
  close(): void;
}

interface Detector { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> }
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('code_128') ? new Native({ formats: ['code_128'] }) : null;
  } catch {
    return null;
  }
}

/** A reader with a detector on this thread: the browser's own, or ZXing where no worker can read. */
function readerOn(detector: Detector): CodeReader {
  return {
    async read(video) {
      if (!hasFrame(video)) return [];
      return codesOf((await detector.detect(video)).map((barcode) => barcode.rawValue));
    },
    close() {},
  };
}

const hasFrame = (video: HTMLVideoElement) => video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && !!video.videoWidth;
const codesOf = (values: string[]) => values.map((value) => value.trim()).filter(Boolean);

/** ZXing in scanWorker.ts: resolves once its WebAssembly is compiled, rejects when it cannot load. */
function workerReader(): Promise<CodeReader> {
  const worker = new Worker(new URL('./scanWorker.ts', import.meta.url), { type: 'module', name: 'lector-de-codigos' });
  const waiting = new Map<number, (codes: string[]) => void>();
  let next = 0;
  return new Promise((resolve, reject) => {
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('scanWorker'));
    };
    worker.onmessage = ({ data }: MessageEvent<ReaderAnswer>) => {
      if ('ready' in data) {
        if (!data.ready) {
          worker.terminate();
          return reject(new Error('zxing'));
        }
        return resolve({
          async read(video) {
            if (!hasFrame(video)) return [];
            // A VideoFrame holds the camera's picture as it is: the worker converts it. An ImageBitmap
            // (browsers without WebCodecs) is converted here, on the page's thread.
            const frame = typeof VideoFrame === 'undefined' ? await createImageBitmap(video) : new VideoFrame(video);
            const id = ++next;
            const answer = new Promise<string[]>((done) => waiting.set(id, done));
            worker.postMessage({ id, frame } satisfies FrameToRead, [frame]);
            return codesOf(await answer);
          },
          close() {
            worker.terminate();
            for (const done of waiting.values()) done([]);
            waiting.clear();
          },
        });
      }
      waiting.get(data.id)?.(data.codes);
      waiting.delete(data.id);
    };
  });
}

export async function loadReader(): Promise<CodeReader> {
  const native = await nativeDetector();
  if (native) return readerOn(native);
  if (typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined') return workerReader();
  const { zxingDetector } = await import('./zxing');
  return readerOn(await zxingDetector());
}
