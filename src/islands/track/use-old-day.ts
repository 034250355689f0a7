import { useEffect, useState } from 'react';
import { toDay } from '../../lib/day';
import { cacheWindowStart } from '../../lib/sync/cache-window';

/** Whether the shown day's logs are here, on their way from the server, or out of reach. */
export type OldDayState = 'here' | 'loading' | 'unavailable';

/**
 * A day before the cache window (the last 8 weeks) has its logs on the server only: they are
 * fetched into the cache when the day is shown, then edited like any other.
 */
export function useOldDay(day: string): OldDayState {
  const [state, setState] = useState<OldDayState>('here');
  useEffect(() => {
    if (!day || day >= cacheWindowStart(toDay(new Date()))) {
      setState('here');
      return;
    }
    let current = true;
    setState('loading');
    const load = () => {
      // Loaded only for an old day, so Track's first load stays small.
      void import('../../stores/old-day')
        .then(({ loadOldDay }) => loadOldDay(day))
        .then((outcome) => {
          if (current) setState(outcome === 'offline' ? 'unavailable' : 'here');
        });
    };
    load();
    window.addEventListener('online', load);
    return () => {
      current = false;
      window.removeEventListener('online', load);
    };
  }, [day]);
  return state;
}
