/**
 * The app's scripts, fetched by the sign-in page once the user starts typing: after «Entrar» the first list does
 * not wait for them to download (bench:web's cold sign-in, issue 46 §2). The build names them in login.html
 * (vite.config.ts, app-preloads); the browser fetches them at its lowest priority and runs them only once
 * signed in. Not before the first keystroke: fetched with the page, they pushed its own paint back on a slow
 * phone network (Lighthouse mobile, /login: largest paint 1.7 → 2.7 s).
 */
export const APP_SCRIPTS_META = 'app-scripts';

/**
 * Fetches the app's scripts, unless the page's own came from the browser's cache: then the app's did too (one
 * build), and Chromium would run the prefetched copy without the compiled code it keeps with the cached one
 * (the warm sign-in took 45 ms longer).
 */
export function prefetchAppScripts(ownScript: string) {
  const own = performance.getEntriesByName(ownScript)[0] as PerformanceResourceTiming | undefined;
  if (own?.transferSize === 0) return;
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${APP_SCRIPTS_META}"]`)?.content.split(' ') ?? [];
  for (const file of files.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
