import { oneOf, type SortDirection } from '../../lib/list-view';
import { useQueryState } from './use-query-state';

const directions = ['asc', 'desc'] as const;

/**
 * A table's sort column and direction kept in the URL (`?sort=…&dir=…`). Choosing the sorted
 * column again reverses it; a new column starts in its natural direction.
 */
export function useSortInUrl<K extends string>(
  keys: readonly K[],
  fallback: K,
  fallbackDirection: SortDirection,
  firstDirection: (key: K) => SortDirection = () => 'asc',
) {
  const [sort, setSort] = useQueryState<K>('sort', fallback, (raw) => oneOf(keys, raw, fallback));
  const [direction, setDirection] = useQueryState<SortDirection>('dir', fallbackDirection, (raw) =>
    oneOf(directions, raw, fallbackDirection),
  );
  const sortOn = (key: K) => {
    if (key === sort) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setDirection(firstDirection(key));
    }
  };
  return { sort, direction, sortOn };
}
