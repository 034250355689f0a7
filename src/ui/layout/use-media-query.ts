import { useSyncExternalStore } from 'react';

/**
 * Whether the window matches `query` now, kept current as it is resized or turned; for layouts
 * that differ in what they render (not only in style), such as the timesheet's day at a time.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
