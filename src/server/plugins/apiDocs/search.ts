/**
 * The reference page's search box (viewer.ts), served as a script of our own (`script-src 'self'`): it adds
 * the box «Buscar operación» and hides the operations whose method, path and summary do not hold every word
 * typed, opening the areas that hold some. Without it the page is whole: the box is the script's to add.
 */
export const SEARCH_SCRIPT = String.raw`(() => {
  const box = document.getElementById('buscar');
  if (!box) return;
  const fold = (text) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const operations = Array.from(document.querySelectorAll('.operation'), (element) => ({
    element,
    text: fold(element.dataset.search || ''),
  }));
  const tags = Array.from(document.querySelectorAll('.tag'), (element) => ({ element, details: element.querySelector('details') }));
  const label = document.createElement('label');
  label.htmlFor = 'buscar-operacion';
  label.textContent = 'Buscar operación';
  const input = document.createElement('input');
  input.id = 'buscar-operacion';
  input.type = 'search';
  input.autocomplete = 'off';
  input.setAttribute('aria-describedby', 'buscar-estado');
  const status = document.createElement('p');
  status.id = 'buscar-estado';
  status.setAttribute('role', 'status');
  box.append(label, input, status);
  // The areas the search opened, closed again when the box is emptied; those the reader opened stay open.
  const opened = new Set();
  input.addEventListener('input', () => {
    const words = fold(input.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { element, text } of operations) {
      element.hidden = !words.every((word) => text.includes(word));
      if (!element.hidden) shown += 1;
    }
    for (const { element, details } of tags) {
      const any = element.querySelector('.operation:not([hidden])') !== null;
      element.hidden = !any;
      if (words.length && any && !details.open) {
        details.open = true;
        opened.add(details);
      }
      if (!words.length && opened.has(details)) details.open = false;
    }
    if (!words.length) opened.clear();
    status.textContent = !words.length ? '' : shown === 1 ? '1 operación' : shown + ' operaciones';
  });
})();
`;
