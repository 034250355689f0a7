// The editor's toolbar as one Tab stop (WAI-ARIA toolbar pattern, issue 29): Tab enters it on the
// last button used (the first at the start) and leaves it for the next field; the arrow keys,
// Home and End move between its buttons. Without it, Tab walked through five buttons before
// reaching the description.

const KEYS = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'];

/** Makes `toolbar` a labelled toolbar with one Tab stop; returns a function that undoes it. */
export function makeRovingToolbar(toolbar: HTMLElement, label: string): () => void {
  const buttons = () => [...toolbar.querySelectorAll<HTMLButtonElement>('button')];
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', label);
  const focusOn = (target: HTMLButtonElement) => {
    for (const button of buttons()) button.tabIndex = button === target ? 0 : -1;
    target.focus();
  };
  buttons().forEach((button, index) => {
    button.tabIndex = index === 0 ? 0 : -1;
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (!KEYS.includes(event.key)) return;
    const all = buttons();
    const at = all.findIndex((b) => b === document.activeElement);
    if (at < 0 || all.length === 0) return;
    event.preventDefault();
    const last = all.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowRight' || event.key === 'ArrowDown'
            ? (at + 1) % all.length
            : (at - 1 + all.length) % all.length;
    const target = all[next];
    if (target) focusOn(target);
  };
  // A click also makes its button the one Tab comes back to.
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (target instanceof HTMLButtonElement)
      for (const b of buttons()) b.tabIndex = b === target ? 0 : -1;
  };
  toolbar.addEventListener('keydown', onKeyDown);
  toolbar.addEventListener('focusin', onFocusIn);
  return () => {
    toolbar.removeEventListener('keydown', onKeyDown);
    toolbar.removeEventListener('focusin', onFocusIn);
  };
}
