/** "Show more" under a long table, saying how many rows are still hidden. */
export function ShowMore({
  hidden,
  total,
  onShowMore,
}: {
  hidden: number;
  total: number;
  onShowMore: () => void;
}) {
  if (hidden <= 0) return null;
  return (
    <div className="mt-3 flex items-center gap-3 text-sm text-slate-700">
      <span role="status">
        Showing {total - hidden} of {total}
      </span>
      <button type="button" className="btn-secondary" onClick={onShowMore}>
        Show {Math.min(hidden, 100)} more
      </button>
    </div>
  );
}
