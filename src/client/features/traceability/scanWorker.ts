/**
 * «Escanear»'s frames read off the page's thread (scanner.ts): ZXing takes tens of milliseconds a frame on a
 * phone, five frames a second, which kept the page's thread busy for as long as the camera was open (taps
 * and the page's own answers waited behind it). The page sends each frame as a VideoFrame (or an ImageBitmap),
 * transferred, not copied, and gets back the codes read in it; the first message says whether the reader loaded.
 */
import { zxingDetector } from './zxing';

/** What the page sends: a frame to read, with the number its answer carries. */
export interface FrameToRead { id: number; frame: VideoFrame | ImageBitmap }
/** What the worker answers: ready (or not) once, then the codes of each frame. */
export type ReaderAnswer = { ready: boolean } | { id: number; codes: string[] };

const scope = self as unknown as {
  postMessage(answer: ReaderAnswer): void;
  onmessage: ((event: MessageEvent<FrameToRead>) => void) | null;
};

zxingDetector().then(
  (detector) => {
    scope.onmessage = async ({ data: { id, frame } }) => {
      try {
        const found = await detector.detect(frame);
        scope.postMessage({ id, codes: found.map((barcode) => barcode.rawValue) });
      } catch {
        scope.postMessage({ id, codes: [] });
      } finally {
        frame.close();
      }
    };
    scope.postMessage({ ready: true });
  },
  () => scope.postMessage({ ready: false }),
);
