/** The public tracking page's paths (docs/screens.md: /track-order and /track-order/{track_code}). */
export const TRACK_ROOT = '/track-order';

export const trackPath = (code: string) => `${TRACK_ROOT}/${encodeURIComponent(code)}`;

/** The tracking code in a path, or '' for /track-order itself. */
export function trackCodeOf(pathname: string): string {
  const match = /^\/track-order\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]).trim();
  } catch {
    return match[1];
  }
}
