// What a report asks for, shared by the screen that builds the URL and the server that answers:
// the filter every report uses and the groupings of the detailed report (issue 13).

export const groupings = [
  'client',
  'project',
  'task',
  'member',
  'tag',
  'day',
  'week',
  'month',
  'billable',
] as const;
export type Grouping = (typeof groupings)[number];

export const groupingLabels: Record<Grouping, string> = {
  client: 'Client',
  project: 'Project',
  task: 'Task',
  member: 'Team member',
  tag: 'Tag',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  billable: 'Billable',
};

export const logStatuses = ['approved', 'pending', 'submitted', 'rejected'] as const;

/** The filter of a report: inclusive days, and lists that each narrow it (empty: any). */
export interface ReportFilter {
  from: string;
  to: string;
  clientIds: string[];
  projectIds: string[];
  taskIds: string[];
  memberIds: string[];
  tags: string[];
  /** With several tags: a log with any of them, or only logs with all of them. */
  tagMode: 'any' | 'all';
  billable: 'any' | 'yes' | 'no';
  statuses: (typeof logStatuses)[number][];
  /**
   * On an issued invoice or not (drafts and void invoices do not count); a log imported as
   * invoiced in another tool counts as invoiced (issue 32).
   */
  invoiced: 'any' | 'yes' | 'no';
}

/** Sums of a group of logs. Money is null for those who may not see amounts. */
export interface ReportTotals {
  logs: number;
  /** Tracked seconds, and seconds after each project's rounding (what is billed). */
  seconds: number;
  billableSeconds: number;
  billableMinor: number | null;
  costMinor: number | null;
  expensesMinor: number;
  /** Billable amount less labour cost (expenses are billed on, so they are not in it). */
  profitMinor: number | null;
}

export interface ReportGroup {
  key: string;
  label: string;
  totals: ReportTotals;
  children?: ReportGroup[];
}

export interface Report {
  groups: ReportGroup[];
  totals: ReportTotals;
}

/** A filter of every log from `from` to `to` that the person may see. */
export function wholeRange(from: string, to: string): ReportFilter {
  return {
    from,
    to,
    clientIds: [],
    projectIds: [],
    taskIds: [],
    memberIds: [],
    tags: [],
    tagMode: 'any',
    billable: 'any',
    statuses: [],
    invoiced: 'any',
  };
}
