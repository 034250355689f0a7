/** Says a log waits for approval (its project requires it), beside the log's title. */
export function PendingBadge() {
  return (
    <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Pending approval
    </span>
  );
}
