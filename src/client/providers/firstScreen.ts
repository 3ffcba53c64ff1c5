/**
 * The page's own first read before the frame's (issue 46 §2: a list makes at most 6 requests before its
 * first row, its document and scripts among them). The session check (auth/info), and what follows from
 * it (the user's name, the menu, the check-in buttons), the admins' banner of orders to review and the
 * workshop's bell wait until the page's first read has answered and React has drawn it (a page that
 * reads nothing at first: until its frame has mounted); the page opens on the last session's roles
 * meanwhile (issue 30). Without those roles (a first sign-in in this browser) nothing waits: the page
 * needs the session to know what to show.
 */
import { startTransition, useEffect, useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from './query';

/** The frame's reads, not the page's: the session's, and react-admin's checks of it. */
const FRAME_READS = new Set(['auth', 'session']);
const pagesOwn = (key: QueryKey) => !FRAME_READS.has(String(key[0]));

/** A page whose first read never settles still gets its frame: after this long the frame's reads go anyway. */
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

/** Whether one of the page's own reads is on its way. */
const pageReading = () => queryClient.isFetching({ predicate: ({ queryKey }) => pagesOwn(queryKey) }) > 0;

/** An idle moment of the browser's (Safari has no requestIdleCallback: a moment after the tasks queued now). */
const whenIdle = (then: () => void) => {
  if ('requestIdleCallback' in window) requestIdleCallback(then, { timeout: 1_000 });
  else setTimeout(then, 50);
};

let idleCheckStarted = false;

/**
 * A page that reads nothing at first (the scanner, a new record's form) is drawn once the frame has
 * mounted: when the browser has been idle twice, a frame apart (react-admin renders a list once its
 * access checks have answered, a task later), with none of the page's reads on its way.
 */
function showIfNothingRead() {
  if (idleCheckStarted || shown) return;
  idleCheckStarted = true;
  whenIdle(() => requestAnimationFrame(() => whenIdle(() => {
    if (!pageReading()) show();
  })));
}

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

/**
 * Whether the page's first read is drawn: the frame's own reads are enabled by it. What it then draws (the
 * user's menu, the check-in, the bell and their reads) is drawn as a transition, in slices: at once, it held a
 * phone's main thread for half a second after the page was on screen (issue 46 §1).
 */
export function useFirstScreenShown(): boolean {
  const [isShown, setShown] = useState(shown);
  useEffect(() => {
    const showNow = () => startTransition(() => setShown(true));
    if (shown) {
      showNow();
      return;
    }
    listeners.add(showNow);
    showIfNothingRead();
    return () => { listeners.delete(showNow); };
  }, []);
  return isShown;
}
