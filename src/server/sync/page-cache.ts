// Pages of pulls kept by this process (issue 34): when a team reconnects at once, hundreds of
// devices ask for the same first page, and building its 1 MB of JSON for each of them was most
// of what the database and this process did. A page is told by the rows it holds (each row's
// kind, id and version, which every write of the row changes: records.ts) and by what its
// reader is not sent of them (visibility.ts `redaction`), so a kept page is never stale: pages
// are only dropped to stay within the budget. Only a page asked for twice is kept, so people who
// each see rows of their own do not push out the pages a team shares; asked for by several
// devices at the same moment, a page is read once. A process keeps one cache per database it
// opened, so a test that opens a database afresh, or a restore into a new one, starts empty.

/** A page of a pull's rows, ready to send. */
export interface PageOfChanges {
  /** The rows as JSON, comma-separated, in UTF-8: what goes inside the answer's `changes`. */
  changes: Buffer;
  /** Rows on the page. */
  count: number;
  /** The page's last row, where the next page starts; null when the page is empty. */
  last: { version: number; kind: string; id: string } | null;
}

/** Bytes of pages a process keeps: some 50 first pages of a 1,000-member team. */
export const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** Pages asked for once that are remembered, so a second ask keeps the page. */
const REMEMBERED = 4096;

export interface PageCache {
  /**
   * The page kept under `key`, or the one being read for it, or the one `read()` gives (kept
   * when asked for twice and `read` says it may be: it holds the rows `key` names).
   */
  page: (
    key: string,
    read: () => Promise<{ page: PageOfChanges; keep: boolean }>,
  ) => Promise<PageOfChanges>;
  /**
   * A page read without asking first (when no other pull was under way), kept under `key` when
   * it was asked for before, remembered otherwise.
   */
  offer: (key: string, page: PageOfChanges) => void;
  /** Pages kept and their bytes, hits and reads so far (for tests and the bench). */
  stats: () => { pages: number; bytes: number; hits: number; reads: number };
}

export function createPageCache(budget = PAGE_CACHE_BYTES): PageCache {
  // Maps iterate in insertion order: the first entries are the oldest, dropped first.
  const kept = new Map<string, PageOfChanges>();
  const asked = new Set<string>();
  const reading = new Map<string, Promise<PageOfChanges>>();
  /** Pages asked for again while being read. */
  const joined = new Set<string>();
  let bytes = 0;
  let hits = 0;
  let reads = 0;
  const keep = (key: string, page: PageOfChanges) => {
    if (page.changes.length > budget || kept.has(key)) return;
    kept.set(key, page);
    bytes += page.changes.length;
    for (const [oldest, old] of kept) {
      if (bytes <= budget) break;
      kept.delete(oldest);
      bytes -= old.changes.length;
    }
  };
  /** Whether `key` was asked for before; remembers it either way. */
  const remember = (key: string) => {
    if (asked.has(key)) return true;
    asked.add(key);
    for (const oldest of asked) {
      if (asked.size <= REMEMBERED) break;
      asked.delete(oldest);
    }
    return false;
  };
  return {
    page: (key, read) => {
      const found = kept.get(key);
      if (found) {
        hits += 1;
        return Promise.resolve(found);
      }
      const under = reading.get(key);
      if (under) {
        hits += 1;
        joined.add(key);
        return under;
      }
      reads += 1;
      const twice = remember(key);
      const done = read()
        .then(({ page, keep: mayKeep }) => {
          if (mayKeep && (twice || joined.has(key))) keep(key, page);
          return page;
        })
        .finally(() => {
          reading.delete(key);
          joined.delete(key);
        });
      reading.set(key, done);
      return done;
    },
    offer: (key, page) => {
      reads += 1;
      if (remember(key)) keep(key, page);
    },
    stats: () => ({ pages: kept.size, bytes, hits, reads }),
  };
}

const caches = new WeakMap<object, PageCache>();

/** The cache of pages read from `database` (one per database object this process opened). */
export function pageCacheOf(database: object): PageCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = createPageCache();
    caches.set(database, cache);
  }
  return cache;
}
