import { useEffect } from 'react';
import { $timer, startTimer, stopTimer } from '../../stores/timer';
import { $shownDay, toggleAddForm } from '../../stores/track';

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** `n` toggles the add-log form, `s` starts or stops the stopwatch, `/` focuses the search field. */
export function useTrackShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) return;
      if (event.key === 'n') {
        event.preventDefault();
        toggleAddForm();
      } else if (event.key === 's') {
        event.preventDefault();
        if ($timer.get().status === 'running') stopTimer();
        else startTimer($shownDay.get());
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('input[type="search"]');
        if (search) {
          event.preventDefault();
          search.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
