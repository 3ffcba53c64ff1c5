/** Blobs (PDFs fetched with the session cookie) handed to the browser as a file or opened in a tab. */

/** Revoked later: the browser (or the new tab) reads the URL after the click returns. */
const revokeLater = (url: string) => setTimeout(() => URL.revokeObjectURL(url), 60_000);

function download(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves the blob as `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  download(url, filename);
  revokeLater(url);
}

/**
 * Shows the blob in `target` (a tab opened during the click, while the browser still allowed it); when
 * no tab could be opened, saves it as `filename` instead.
 */
export function openBlob(target: Window | null, blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  if (target) target.location.href = url;
  else download(url, filename);
  revokeLater(url);
}
