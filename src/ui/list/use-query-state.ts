import { useCallback, useState } from 'react';

/**
 * A piece of list state (search, filter, sort) kept in the URL query, so a reload or a
 * shared link shows the same view. The default value is left out of the URL.
 */
export function useQueryState<T extends string>(
  name: string,
  fallback: T,
  parse: (raw: string | null) => T = (raw) => (raw ?? fallback) as T,
) {
  const [value, setValue] = useState<T>(() =>
    parse(new URLSearchParams(window.location.search).get(name)),
  );
  const update = useCallback(
    (next: T) => {
      setValue(next);
      const url = new URL(window.location.href);
      if (next === fallback || next === '') url.searchParams.delete(name);
      else url.searchParams.set(name, next);
      window.history.replaceState(window.history.state, '', url);
    },
    [name, fallback],
  );
  return [value, update] as const;
}
