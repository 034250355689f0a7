import { useEffect, useState } from 'react';

/** Rows drawn at first and added per "Show more": enough for a screen, cheap with thousands. */
export const LIST_PAGE_SIZE = 100;

/**
 * The first `limit` items of a long list, growing on request. The limit resets when the
 * list's filter changes (`resetKey`), so a new search starts at the top.
 */
export function useShowMore<T>(items: readonly T[], resetKey: string) {
  const [limit, setLimit] = useState(LIST_PAGE_SIZE);
  useEffect(() => setLimit(LIST_PAGE_SIZE), [resetKey]);
  return {
    visible: items.slice(0, limit),
    hidden: Math.max(0, items.length - limit),
    showMore: () => setLimit((current) => current + LIST_PAGE_SIZE),
  };
}
