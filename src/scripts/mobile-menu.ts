/** Wires the public burger menu: toggle, close on link choice, Escape, and crossing 970 px. */
export function wireMobileMenu(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = root.getElementById('mobile-menu');
  if (!toggle || !menu) return;

  const setOpen = (open: boolean): void => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  };
  const close = (): void => {
    if (!menu.hidden) setOpen(false);
  };

  toggle.addEventListener('click', () => setOpen(menu.hidden));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) close();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      close();
      toggle.focus();
    }
  });
  // SPEC.md: the menu also closes when the width goes past 970 px (60.625em).
  window.matchMedia('(min-width: 60.625em)').addEventListener('change', close);
}
