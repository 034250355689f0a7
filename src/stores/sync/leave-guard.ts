import type { ReadableAtom } from 'nanostores';
import type { SyncStatus } from './deps';

/**
 * Closing or reloading the tab while changes wait for the network (offline, or the server
 * failing) asks first: they are kept on this device, but reach the server only when Hourmark
 * opens here again. Moving between Hourmark's own screens never asks; a change being pushed at
 * that moment is sent with `keepalive`, so it arrives anyway. Returns what removes the guard.
 */
export function guardLeaving(status: ReadableAtom<SyncStatus>): () => void {
  let followingLink = false;
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    followingLink = link instanceof HTMLAnchorElement && link.origin === window.location.origin;
  };
  const onLeave = (event: BeforeUnloadEvent) => {
    const now = status.get();
    const waiting = now.pending > 0 && (now.phase === 'offline' || now.phase === 'error');
    if (waiting && !followingLink) event.preventDefault();
    followingLink = false;
  };
  document.addEventListener('click', onClick);
  window.addEventListener('beforeunload', onLeave);
  return () => {
    document.removeEventListener('click', onClick);
    window.removeEventListener('beforeunload', onLeave);
  };
}
