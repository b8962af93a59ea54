/*
 * react-admin 5.15 puts the accessible name of its list check boxes ("Sélectionner cette ligne", "Tout
 * sélectionner") on MUI's wrapper <span> instead of the <input>: the input has no name and the span an
 * attribute its role does not allow (axe: label, aria-prohibited-attr). Until upstream passes it to the
 * input, the name is moved where assistive technologies read it.
 */

const SELECTOR = '.MuiCheckbox-root[aria-label]';

function moveLabels(root: ParentNode): void {
  for (const wrapper of root.querySelectorAll<HTMLElement>(SELECTOR)) {
    const input = wrapper.querySelector('input');
    const label = wrapper.getAttribute('aria-label');
    if (input === null || label === null) continue;
    input.setAttribute('aria-label', label);
    wrapper.removeAttribute('aria-label');
  }
}

/** Keeps the check boxes under `root` labelled; answers the function that stops watching. */
export function watchCheckboxLabels(root: HTMLElement): () => void {
  moveLabels(root);
  const observer = new MutationObserver(() => moveLabels(root));
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
  return () => observer.disconnect();
}
