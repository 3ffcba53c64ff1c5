/**
 * USB and Bluetooth scanners are keyboards (a "keyboard wedge"): they type the label's code and Enter, a key
 * every few milliseconds. Keys that fast ending in Enter are read as a scan wherever the focus is on the
 * page (issue 44 §3); a person typing, even quickly, leaves far more than that between keys, so a field
 * typed into by hand behaves as it always does.
 */
import { useEffect, useRef } from 'react';

/** Keys closer than this belong to one scan (scanners: 1–20 ms apart; fast typists: 80 ms and more). */
const WEDGE_GAP_MS = 50;
/** Fewer keys are not a label's code (a key pressed twice, auto-repeat): labels carry 12. */
const WEDGE_MIN_LENGTH = 4;

export interface WedgeBuffer {
  /** The keys of the run so far. */
  text: string;
  /** When its last key came (ms); -Infinity when there is none. */
  last: number;
}

export const emptyWedge: WedgeBuffer = { text: '', last: Number.NEGATIVE_INFINITY };

/**
 * Feeds one key (`KeyboardEvent.key`) pressed at `at` ms: the buffer after it, and the code read when an
 * Enter closes a fast run long enough to be a label. A slow key starts a new run; keys that type nothing
 * (Shift, which scanners send for capitals, arrows…) pass without breaking it.
 */
export function feedWedge(buffer: WedgeBuffer, key: string, at: number): { buffer: WedgeBuffer; code?: string } {
  const fast = at - buffer.last < WEDGE_GAP_MS;
  if (key === 'Enter') {
    const code = buffer.text.trim();
    return fast && code.length >= WEDGE_MIN_LENGTH ? { buffer: emptyWedge, code } : { buffer: emptyWedge };
  }
  if (key.length !== 1) return { buffer };
  return { buffer: { text: fast ? buffer.text + key : key, last: at } };
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
