import { formatDay } from '../../lib/day';
import { formatDuration } from '../../lib/duration';

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
};

function valueText(field: string, value: unknown, names: (id: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'dur' && typeof value === 'number') return formatDuration(value, 'clock');
  if (field === 'date' && typeof value === 'string') return formatDay(value) || value;
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
): string[] {
  const fields = Object.keys(fieldNames).filter(
    (field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]),
  );
  return fields.map((field) => {
    const label = fieldNames[field] ?? field;
    if (!before) return `${label} ${valueText(field, after?.[field], names)}`;
    if (!after) return `${label} was ${valueText(field, before[field], names)}`;
    return `${label} ${valueText(field, before[field], names)} → ${valueText(field, after[field], names)}`;
  });
}

export const actionWords = { create: 'Added', update: 'Changed', delete: 'Removed' } as const;
export const ruleWords: Record<string, string> = {
  locked: 'locked',
  approved: 'approved',
  invoiced: 'invoiced',
};
