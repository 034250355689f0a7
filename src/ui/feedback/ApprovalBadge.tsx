/**
 * Where a log stands in approval, beside its title: waiting to be sent, sent, or rejected with
 * the reviewer's note (an approved log, like one on a project without approval, shows nothing).
 */
export function ApprovalBadge({ status, note }: { status: string; note?: string | undefined }) {
  if (status === 'pending')
    return (
      <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        Pending approval
      </span>
    );
  if (status === 'submitted')
    return (
      <span className="ml-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
        Submitted for approval
      </span>
    );
  if (status === 'rejected')
    return (
      <>
        <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
          Rejected
        </span>
        {note ? (
          <span className="mt-1 block text-sm font-normal text-red-900">Reviewer: {note}</span>
        ) : null}
      </>
    );
  return null;
}
