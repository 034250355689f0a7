import { useLayoutEffect } from 'react';

/** True when a key press goes into a field, where shortcuts must not fire. */
export function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** `/` focuses the screen's search field, wherever a screen has one. */
export function useSearchShortcut(): void {
  // Before the screen is painted, not after (useEffect waits for a busy main thread): a key
  // pressed the moment the screen shows must already be heard.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key !== '/' ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        typingInto(event.target)
      )
        return;
      const search = document.querySelector<HTMLInputElement>('input[type="search"]');
      if (!search) return;
      event.preventDefault();
      search.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
