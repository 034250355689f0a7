// The detailed report's entry list (issue 30): each log a filter matches, under its groups,
// shared by the server that answers it and the screen that shows it.

/** One log as the entry list shows it; money is null for those who may not see amounts. */
export interface ReportEntry {
  id: string;
  /** YYYY-MM-DD. */
  date: string;
  member: string;
  client: string;
  project: string;
  task: string;
  /** The description as plain text (the stored one is HTML). */
  description: string;
  tags: string;
  billable: boolean;
  seconds: number;
  amountMinor: number | null;
  /** The keys of the log's groups, first level first (a day as YYYY-MM-DD, '' for none). */
  groupKeys: string[];
  /** The names of those groups as stored ('' for none): see `groupLabel` for how they read. */
  groupLabels: string[];
}

export const entrySorts = [
  'date',
  'member',
  'client',
  'project',
  'task',
  'duration',
  'amount',
] as const;
export type EntrySort = (typeof entrySorts)[number];

export const entrySortLabels: Record<EntrySort, string> = {
  date: 'Date',
  member: 'Team member',
  client: 'Client',
  project: 'Project',
  task: 'Task',
  duration: 'Duration',
  amount: 'Amount',
};

/** How the entry list is ordered within its groups, and which page of it. */
export interface EntryOrder {
  sort: EntrySort;
  direction: 'asc' | 'desc';
  /** 1-based. */
  page: number;
}

/** Entries on one page of the list. */
export const ENTRY_PAGE_SIZE = 50;

/** One page of entries, and how many the whole list holds. */
export interface EntryPage {
  entries: ReportEntry[];
  count: number;
  page: number;
  pageSize: number;
}
