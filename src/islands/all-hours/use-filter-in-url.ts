import { useEffect } from 'react';
import type { LogFilter } from '../../lib/log-filter';
import { $allHoursFilter } from '../../stores/all-hours';

// Short, readable query names so a filtered view can be shared as a link.
const PARAMS: Record<keyof LogFilter, string> = {
  from: 'from',
  to: 'to',
  clientId: 'client',
  projectId: 'project',
  taskId: 'task',
  memberId: 'member',
  tag: 'tag',
  text: 'q',
};

/** Keeps the /allHours filter in the URL query (read on load, written on change). */
export function useFilterInUrl(): void {
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const initial: LogFilter = {};
    for (const [key, param] of Object.entries(PARAMS) as [keyof LogFilter, string][]) {
      const value = query.get(param);
      if (value) initial[key] = value;
    }
    $allHoursFilter.set(initial);
    return $allHoursFilter.listen((filter) => {
      const url = new URL(window.location.href);
      for (const [key, param] of Object.entries(PARAMS) as [keyof LogFilter, string][]) {
        const value = filter[key];
        if (value) url.searchParams.set(param, value);
        else url.searchParams.delete(param);
      }
      window.history.replaceState(null, '', url);
    });
  }, []);
}
