/** Search, status filter and sort shared by the clients, team and projects lists. */

export const statusFilters = ['All', 'Active', 'Archived'] as const;
export type StatusFilter = (typeof statusFilters)[number];
export type SortDirection = 'asc' | 'desc';

/** True when a record with `status` belongs in the list filtered by `filter`. */
export function matchesStatus(status: 'Active' | 'Archived', filter: StatusFilter): boolean {
  return filter === 'All' || status === filter;
}

// Accents and case never hide a match: "jose" finds "José".
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** True when every word of `query` occurs in one of `texts`; an empty query matches all. */
export function matchesSearch(query: string, ...texts: (string | null | undefined)[]): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(texts.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A stable copy of `items` ordered by `key`; blanks always sort last. */
export function sortItems<T>(
  items: readonly T[],
  key: (item: T) => string | number,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === '' && y !== '') return 1;
    if (y === '' && x !== '') return -1;
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : collator.compare(String(x), String(y));
    return sign * order;
  });
}

/** Reads a value from a fixed set, falling back when the URL holds something else. */
export function oneOf<T extends string>(
  allowed: readonly T[],
  value: string | null,
  fallback: T,
): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}
