/**
 * USB and Bluetooth scanners are keyboards (a "keyboard wedge"): they type the label's code and Enter, a key
 * every few milliseconds. Keys that fast ending in Enter are read as a scan wherever the focus is on the
 * page (issue 44 §3); a person typing, even quickly, leaves far more than that between keys, so a field
 * typed into by hand behaves as it always does.
 */
import { useEffect, useRef } from 'react';

/** A scan's keys come this close on average (scanners: 1–20 ms apart; fast typists: 80 ms and more). */
const WEDGE_MEAN_GAP_MS = 50;
/**
 * A pause this long ends a run: a busy phone may hold one of a scanner's keys (or its Enter) back for a
 * moment without making it a person's typing, which the average above still tells apart.
 */
const WEDGE_BREAK_MS = 200;
/** Fewer keys are not a label's code (a key pressed twice, auto-repeat): labels carry 12. */
const WEDGE_MIN_LENGTH = 4;

export interface WedgeBuffer {
  /** The keys of the run so far. */
  text: string;
  /** When its first and its last key came (ms); -Infinity when there is none. */
  first: number;
  last: number;
}

export const emptyWedge: WedgeBuffer = { text: '', first: Number.NEGATIVE_INFINITY, last: Number.NEGATIVE_INFINITY };

/**
 * Feeds one key (`KeyboardEvent.key`) pressed at `at` ms: the buffer after it, and the code read when an
 * Enter closes a run long enough to be a label whose keys came as fast as a scanner's. A pause starts a
 * new run; keys that type nothing (Shift, which scanners send for capitals, arrows…) pass without breaking it.
 */
export function feedWedge(buffer: WedgeBuffer, key: string, at: number): { buffer: WedgeBuffer; code?: string } {
  const continues = at - buffer.last < WEDGE_BREAK_MS;
  if (key === 'Enter') {
    const code = buffer.text.trim();
    const meanGap = (buffer.last - buffer.first) / (buffer.text.length - 1);
    const scan = continues && code.length >= WEDGE_MIN_LENGTH && meanGap < WEDGE_MEAN_GAP_MS;
    return scan ? { buffer: emptyWedge, code } : { buffer: emptyWedge };
  }
  if (key.length !== 1) return { buffer };
  return { buffer: continues ? { ...buffer, text: buffer.text + key, last: at } : { text: key, first: at, last: at } };
}

/**
 * Listens to the page's keys while mounted and calls `onScan` with each code a scanner types. The Enter that
 * ends a scan is kept from the focused element (it would press a button or submit a form); the code's keys
 * are not, so a field the focus was in may have received them: `onScan` gets the element to tidy it.
 */
export function useKeyboardWedge(onScan: (code: string, target: EventTarget | null) => void) {
  const buffer = useRef(emptyWedge);
  const latest = useRef(onScan);
  useEffect(() => { latest.current = onScan; }, [onScan]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) {
        buffer.current = emptyWedge;
        return;
      }
      const fed = feedWedge(buffer.current, event.key, event.timeStamp);
      buffer.current = fed.buffer;
      if (fed.code === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current(fed.code, event.target);
    };
    // Capture: the scan is read before a focused field or button acts on its Enter.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
