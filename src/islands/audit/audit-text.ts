import { formatDay } from '../../lib/day';
import { showDuration, type DurationFormat } from '../../lib/duration-format';

// How an audit entry reads: a log's fields before and after, in words a person recognises.

const fieldNames: Record<string, string> = {
  date: 'Day',
  dur: 'Duration',
  st: 'Start',
  end: 'End',
  exp: 'Expenses',
  tags: 'Tags',
  desc: 'Description',
  projectId: 'Project',
  taskId: 'Task',
  memberId: 'Team member',
  status: 'Status',
  // Payments and voided invoices (issue 27).
  paidOn: 'Paid on',
  amountMinor: 'Amount (minor units)',
  note: 'Note',
  settlement: 'Money paid',
  settledMinor: 'Settled (minor units)',
};

function valueText(
  field: string,
  value: unknown,
  names: (id: string) => string,
  format: DurationFormat,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'dur' && typeof value === 'number') return showDuration(value, format, 'log');
  if ((field === 'date' || field === 'paidOn') && typeof value === 'string')
    return formatDay(value) || value;
  if (field === 'desc' && typeof value === 'string')
    return (
      value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() || '—'
    );
  if (typeof value === 'string' && /Id$/.test(field)) return names(value);
  return typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : JSON.stringify(value);
}

/** The fields an entry changed, e.g. 'Duration 1:00:00 → 2:00:00'. */
export function changeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  names: (id: string) => string,
  /** How the workspace shows durations (issue 47). */
  format: DurationFormat = 'clock',
): string[] {
  const fields = Object.keys(fieldNames).filter(
    (field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]),
  );
  return fields.map((field) => {
    const label = fieldNames[field] ?? field;
    if (!before) return `${label} ${valueText(field, after?.[field], names, format)}`;
    if (!after) return `${label} was ${valueText(field, before[field], names, format)}`;
    return `${label} ${valueText(field, before[field], names, format)} → ${valueText(field, after[field], names, format)}`;
  });
}

export const actionWords = { create: 'Added', update: 'Changed', delete: 'Removed' } as const;

/** What an entry is about, when it is not a log: a payment, or an invoice voided with payments. */
export function subjectText(kind: string, record: Record<string, unknown> | null): string | null {
  if (kind === 'payment') return 'a payment of an invoice';
  if (kind === 'invoice')
    return `invoice ${typeof record?.['number'] === 'string' ? record['number'] : ''}, voided with payments`;
  return null;
}
export const ruleWords: Record<string, string> = {
  locked: 'locked',
  approved: 'approved',
  invoiced: 'invoiced',
};
