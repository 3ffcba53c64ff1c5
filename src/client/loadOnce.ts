/**
 * Code fetched when it is first needed rather than with its page (issue 46 §1: the phone's first screen
 * carries only what it draws), once. A fetch that failed (the network) is tried again by the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
}
