/** A hardware scanner read as keys (issue 44 §3): fast keys ending in Enter are a scan; a person's typing is not. */
import { describe, expect, it } from 'vitest';
import { emptyWedge, feedWedge, type WedgeBuffer } from '../../src/client/features/traceability/keyboardWedge';

/** Feeds `keys` pressed at the given times; the codes read along the way. */
function feed(keys: ReadonlyArray<[key: string, at: number]>, start: WedgeBuffer = emptyWedge) {
  let buffer = start;
  const codes: string[] = [];
  for (const [key, at] of keys) {
    const fed = feedWedge(buffer, key, at);
    buffer = fed.buffer;
    if (fed.code !== undefined) codes.push(fed.code);
  }
  return { buffer, codes };
}

/** `text` typed a key every `gap` ms from `start`, then Enter `gap` ms after the last. */
const typed = (text: string, gap: number, start = 1000): Array<[string, number]> =>
  [...text, 'Enter'].map((key, i) => [key, start + i * gap]);

describe('feedWedge', () => {
  it('reads a code typed 10 ms a key and Enter', () => {
    expect(feed(typed('0A1B2C3D4E5F', 10)).codes).toEqual(['0A1B2C3D4E5F']);
  });

  it('leaves a person typing (150 ms a key) alone, Enter included', () => {
    expect(feed(typed('0A1B2C3D4E5F', 150)).codes).toEqual([]);
  });

  it('keeps only the fast run: keys typed slowly before a scan are not part of its code', () => {
    const keys: Array<[string, number]> = [['X', 0], ['Y', 400], ...typed('ABCD1234', 5, 900)];
    expect(feed(keys).codes).toEqual(['ABCD1234']);
  });

  it('an Enter long after a fast run is a person pressing it: no scan', () => {
    expect(feed([['A', 0], ['B', 10], ['C', 20], ['D', 30], ['E', 40], ['Enter', 400]]).codes).toEqual([]);
  });

  it('a short burst (a key bounced, auto-repeat) is not a label: fewer than 4 keys', () => {
    expect(feed(typed('AAA', 10)).codes).toEqual([]);
    expect(feed(typed('AAAA', 10)).codes).toEqual(['AAAA']);
  });

  it('Shift (scanners send it for capitals) does not break the run nor enter the code', () => {
    const keys: Array<[string, number]> = [['Shift', 0], ['A', 3], ['Shift', 8], ['B', 11], ['1', 20], ['2', 29], ['Enter', 38]];
    expect(feed(keys).codes).toEqual(['AB12']);
  });

  it('empties itself after each Enter: two scans in a row are two codes', () => {
    const keys = [...typed('AAAA1111', 10, 0), ...typed('BBBB2222', 10, 2000)];
    expect(feed(keys).codes).toEqual(['AAAA1111', 'BBBB2222']);
    expect(feed(keys).buffer).toEqual(emptyWedge);
  });

  it('the 50 ms edge: 49 ms apart on average is a scan, 50 ms is typing', () => {
    expect(feed(typed('ABCDEF', 49)).codes).toEqual(['ABCDEF']);
    expect(feed(typed('ABCDEF', 50)).codes).toEqual([]);
  });

  it('a busy phone holding one key or the Enter back (under 200 ms) still reads the scan', () => {
    // 12 keys 10 ms apart but the seventh 150 ms late: 260 ms over 11 gaps, 23,6 ms on average.
    const keys: Array<[string, number]> = [...'0A1B2C3D4E5F'].map((key, i) => [key, 1000 + i * 10 + (i >= 6 ? 150 : 0)]);
    expect(feed([...keys, ['Enter', 1410]]).codes).toEqual(['0A1B2C3D4E5F']);
    // The Enter 190 ms after the last key.
    expect(feed([...typed('ABCD1234', 10).slice(0, -1), ['Enter', 1260]]).codes).toEqual(['ABCD1234']);
  });

  it('a person typing quickly (80 ms a key, pauses under 200 ms) is still not a scan', () => {
    expect(feed(typed('ABCD1234', 80)).codes).toEqual([]);
  });
});
