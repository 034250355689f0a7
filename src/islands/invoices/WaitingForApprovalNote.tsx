import { formatDuration } from '../../lib/duration';
import { formatMoney } from '../../lib/money';
import type { WaitingForApproval } from '../../stores/invoices';

/**
 * What Uninvoiced leaves out because it is not approved yet (issue 47): imported history and
 * members' weeks on projects that ask for approval went missing from it without a word. Links
 * to those days on All hours, where each log's state shows and can be acted on.
 */
export function WaitingForApprovalNote({
  waiting,
  currency,
  range,
}: {
  waiting: WaitingForApproval;
  currency: string;
  range: { from: string; to: string };
}) {
  if (waiting.logs === 0) return null;
  const logs = waiting.logs === 1 ? '1 log' : `${waiting.logs} logs`;
  return (
    <p className="mb-3 rounded border border-amber-300 bg-amber-50 p-3 text-slate-800">
      Waiting for approval, so not offered here: {logs},{' '}
      {formatDuration(waiting.billableSeconds, 'short')} and{' '}
      {formatMoney(waiting.billableMinor, currency)}.{' '}
      <a
        className="font-semibold text-blue-800 underline"
        href={`/allHours?from=${range.from}&to=${range.to}`}
      >
        See the logs of these days in All hours
      </a>{' '}
      or{' '}
      <a className="font-semibold text-blue-800 underline" href="/approvals">
        review submitted weeks
      </a>
      .
    </p>
  );
}
