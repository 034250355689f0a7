import { useEffect, useState } from 'react';
import { type EntryOrder, type EntryPage, type EntrySort } from '../../../lib/report-entries';
import type { Grouping, ReportFilter } from '../../../lib/report-spec';
import { loadEntries, reportQuery } from '../../../stores/reports';
import { EntryTable } from './EntryTable';

/**
 * The detailed report's entries: each log it sums, under its groups, a page at a time, sorted
 * by a column heading (the screen keeps the order, which its files follow); the page goes back
 * to 1 when the filter or the order moves.
 */
export function ReportEntries({
  workspaceId,
  filter,
  levels,
  seesAmounts,
  currency,
  order: { sort, direction },
  onOrder,
}: {
  workspaceId: string;
  filter: ReportFilter;
  levels: Grouping[];
  seesAmounts: boolean;
  currency: string;
  order: Omit<EntryOrder, 'page'>;
  onOrder: (order: Omit<EntryOrder, 'page'>) => void;
}) {
  const key = `${reportQuery(workspaceId, filter, levels)}|${sort}|${direction}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const [found, setFound] = useState<EntryPage | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!workspaceId) return;
    let current = true;
    const order: EntryOrder = { sort, direction, page };
    void loadEntries(workspaceId, filter, levels, order).then((result) => {
      if (!current) return;
      if (result.ok) {
        setFound(result.page);
        setProblem('');
      } else setProblem(result.message);
    });
    return () => {
      current = false;
    };
  }, [workspaceId, filter, levels, sort, direction, page]);

  function onSort(next: EntrySort) {
    onOrder({ sort: next, direction: next === sort && direction === 'asc' ? 'desc' : 'asc' });
  }
  const pages = found ? Math.max(1, Math.ceil(found.count / found.pageSize)) : 1;
  const goTo = (n: number) => setPaging({ key, page: n });

  return (
    <section aria-labelledby="entries-heading" className="mt-6">
      <h2 id="entries-heading" className="mb-2 text-xl font-semibold">
        Entries
      </h2>
      <p role="status" className="mb-2 text-slate-700">
        {problem ||
          (found
            ? found.count === 0
              ? 'No logs match this report.'
              : `${found.count} ${found.count === 1 ? 'entry' : 'entries'}, page ${page} of ${pages}`
            : 'Listing the logs…')}
      </p>
      {found && found.entries.length ? (
        <EntryTable
          entries={found.entries}
          levels={levels}
          order={{ sort, direction, page }}
          onSort={onSort}
          seesAmounts={seesAmounts}
          currency={currency}
          caption={`Entries, page ${page} of ${pages}`}
        />
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Entry pages" className="mt-2 flex items-center gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            Previous page
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={page >= pages}
            onClick={() => goTo(page + 1)}
          >
            Next page
          </button>
        </nav>
      ) : null}
    </section>
  );
}
