/**
 * Inside an iframe the calculator tells its parent page how tall it is, on load and whenever its size
 * changes, so that the shop's page can size the iframe without a scroll bar:
 *
 *   <iframe id="cobertores" src="https://…/woocommerce-calculator/index/1" style="width:100%;border:0"></iframe>
 *   <script>
 *     addEventListener('message', (e) => {
 *       if (e.data && e.data.type === 'cobertores-calculator-height') document.getElementById('cobertores').style.height = e.data.height +
 * 'px';
 *     });
 *   </script>
 */
export const HEIGHT_MESSAGE = 'cobertores-calculator-height';

export function reportHeight(root: HTMLElement): () => void {
  if (window.parent === window) return () => undefined;
  let last = -1;
  const send = () => {
    // The content's own height: the document's would never shrink below the iframe's current height.
    const height = Math.ceil(root.getBoundingClientRect().height);
    // Nothing rendered yet (the first call runs before React's first render): nothing to say.
    if (height === last || height === 0) return;
    last = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(send) : null;
  observer?.observe(root);
  window.addEventListener('load', send);
  window.addEventListener('resize', send);
  send();
  return () => {
    observer?.disconnect();
    window.removeEventListener('load', send);
    window.removeEventListener('resize', send);
  };
}
