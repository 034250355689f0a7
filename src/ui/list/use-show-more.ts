import { useState } from 'react';

/** Rows drawn at first and added per "Show more": enough for a screen, cheap with thousands. */
export const LIST_PAGE_SIZE = 100;

/**
 * The first `limit` items of a long list, growing on request. A new filter (`resetKey`)
 * starts again at the top: the limit belongs to the key it was raised for.
 */
export function useShowMore<T>(items: readonly T[], resetKey: string) {
  const [raised, setRaised] = useState({ key: resetKey, limit: LIST_PAGE_SIZE });
  const limit = raised.key === resetKey ? raised.limit : LIST_PAGE_SIZE;
  return {
    visible: items.slice(0, limit),
    hidden: Math.max(0, items.length - limit),
    showMore: () => setRaised({ key: resetKey, limit: limit + LIST_PAGE_SIZE }),
  };
}
