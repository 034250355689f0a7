import { wholeRange } from '../lib/report-spec';
import { loadReport } from './reports';

// "Everything up to today" on Uninvoiced starts at the first day anything approved is left to
// bill, so a draft made from it covers that period rather than the ten years searched.

/** The first day from `from` to `to` with approved logs on no issued invoice, or null. */
export async function firstUninvoicedDay(
  workspaceId: string,
  from: string,
  to: string,
): Promise<string | null> {
  const result = await loadReport(
    workspaceId,
    { ...wholeRange(from, to), statuses: ['approved'], invoiced: 'no' },
    ['day'],
  );
  if (!result.ok) return null;
  return result.report.groups[0]?.key ?? null;
}
