import { useLayoutEffect } from 'react';
import { $timer, startTimer, stopTimer } from '../../stores/timer';
import { $shownDay, toggleAddForm } from '../../stores/track-day';
import { typingInto, useSearchShortcut } from '../../ui/list/use-search-shortcut';

/** `n` toggles the add-log form, `s` starts or stops the stopwatch, `/` focuses the search field. */
export function useTrackShortcuts(): void {
  useSearchShortcut();
  // Before the screen is painted, not after (useEffect waits for a busy main thread): a key
  // pressed the moment the screen shows must already be heard.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) return;
      if (event.key === 'n') {
        event.preventDefault();
        toggleAddForm();
      } else if (event.key === 's') {
        event.preventDefault();
        // The same as pressing Start or Stop, so what they check first (what the run is for,
        // the project and task a workspace may require, issue 29) is checked for the key too.
        const button = document.querySelector<HTMLButtonElement>('button[aria-keyshortcuts="s"]');
        if (button) button.click();
        else if ($timer.get().status === 'running') stopTimer();
        else startTimer($shownDay.get());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
