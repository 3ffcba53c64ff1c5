/**
 * Every form of the back office is validated by our zod rules, in Spanish, never by the browser's own
 * bubbles ("Please include an '@'…"). Our forms say `noValidate` themselves; react-admin's filter forms
 * take no such prop, so each form gets it as it appears in the page.
 */
export function spanishValidationOnly(root: HTMLElement) {
  const own = (node: Node) => {
    if (node instanceof HTMLFormElement) node.noValidate = true;
    if (node instanceof HTMLElement) node.querySelectorAll('form').forEach((form) => { form.noValidate = true; });
  };
  own(root);
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(own))).observe(root, {
    childList: true,
    subtree: true,
  });
}
