import { formatDay } from './day';
import type { Grouping, ReportGroup } from './report-spec';

// How a report's groups read, the same on screen, in the CSV and in the server's XLSX and PDF.

/** How a group's label reads: days as days, weeks by their first day, an empty one in words. */
export function groupLabel(g: Grouping, label: string): string {
  if (g === 'day') return formatDay(label);
  if (g === 'week') return `Week of ${formatDay(label)}`;
  if (g === 'month') {
    const [year, month] = label.split('-');
    return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(
      new Date(Number(year), Number(month) - 1, 1),
    );
  }
  if (label) return label;
  const none: Record<Grouping, string> = {
    client: '(no client)',
    project: 'No project',
    task: 'No task',
    member: 'No team member',
    tag: 'No tag',
    day: '',
    week: '',
    month: '',
    billable: '',
  };
  return none[g];
}

/** `groups` with the labels people read, for the groupings `levels` (first, then second). */
export function labelledGroups(
  groups: readonly ReportGroup[],
  levels: readonly Grouping[],
): ReportGroup[] {
  const [first, second] = levels;
  return groups.map((g) => ({
    ...g,
    label: first ? groupLabel(first, g.label) : g.label,
    ...(g.children
      ? {
          children: g.children.map((c) => ({
            ...c,
            label: second ? groupLabel(second, c.label) : c.label,
          })),
        }
      : {}),
  }));
}
