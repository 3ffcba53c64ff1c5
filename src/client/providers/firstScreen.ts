/**
 * The page's own first read before the frame's (issue 46 §2: a list makes at most 6 requests before its
 * first row, its document and scripts among them). The session check (auth/info), and what follows from
 * it (the user's name, the check-in buttons), and the admins' banner of orders to review wait until the
 * page's first read has answered and React has drawn it; the page opens on the last session's roles
 * meanwhile (issue 30). Without those roles (a first sign-in in this browser) nothing waits: the page
 * needs the session to know what to show.
 */
import { useSyncExternalStore } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from './query';

/** The frame's reads, not the page's: the session's, and react-admin's checks of it. */
const FRAME_READS = new Set(['auth', 'session']);
const pagesOwn = (key: QueryKey) => !FRAME_READS.has(String(key[0]));

/**
 * A page that reads nothing (or whose read never settles) still gets its frame: after this long the
 * frame's reads go anyway.
 */
const AT_THE_LATEST_MS = 3_000;

let shown = false;
const listeners = new Set<() => void>();

function show() {
  if (shown) return;
  shown = true;
  stopWatching();
  clearTimeout(atTheLatest);
  listeners.forEach((listener) => listener());
}

const stopWatching = queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || !pagesOwn(event.query.queryKey)) return;
  if (event.action.type !== 'success' && event.action.type !== 'error') return;
  // React draws the answer in the task react-query hands it over; a frame later it is on screen.
  requestAnimationFrame(() => requestAnimationFrame(show));
  // A hidden tab draws no frames.
  if (document.hidden) show();
});
const atTheLatest = setTimeout(show, AT_THE_LATEST_MS);

/** Resolves once the page's first read is drawn (at once if it has been). */
export function afterFirstScreen(): Promise<void> {
  if (shown) return Promise.resolve();
  return new Promise((resolve) => {
    listeners.add(function done() {
      listeners.delete(done);
      resolve();
    });
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
};

/** Whether the page's first read is drawn: the frame's own reads are enabled by it. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(subscribe, () => shown);
}
