// What every import source turns a row into (issue 32): one shape, whatever tool wrote the file,
// so the preview, and later the import job, never read a tool's columns themselves.

/** A row of the file, read and normalised; nothing about the workspace is decided yet. */
export interface ImportEntry {
  /** 1-based line of the file the row starts on. */
  line: number;
  /** Who tracked it. The email is lowercased; either may be '' (never both). */
  person: { name: string; email: string };
  /** '' when the entry has no client. */
  client: string;
  /** '' when the entry has no project (Hourmark keeps logs without a project too). */
  project: string;
  /** '' when the entry has no task. */
  task: string;
  description: string;
  billable: boolean;
  /** The day it STARTED, 'YYYY-MM-DD': an entry that crosses midnight stays on its start day. */
  date: string;
  /**
   * Start on the clock, 'HH:MM', in the time zone the preview names; '' when the file has no
   * clock times (Harvest's Detailed time report has only a date and hours), as a log without one.
   */
  startTime: string;
  /** From the file's Duration column, to the second (never worked out from start and end). */
  durationSeconds: number;
  tags: string[];
  /** The file's own amount for the row in minor units, or null when it has none. */
  amountMinor: number | null;
  /** ISO 4217 code from the file's header (`Amount (USD)`) or its row (Harvest), or null. */
  currency: string | null;
  /**
   * Invoiced in the old tool (Clockify's Invoiced, Harvest's Invoiced?, Kimai's Exported): the
   * import keeps it off Uninvoiced as invoiced outside Hourmark. Toggl's export does not say: false.
   */
  invoicedElsewhere: boolean;
  /** Approved in the old tool (Harvest's Approved?); false where the file does not say. */
  approved: boolean;
  /**
   * The person's cost per hour on this row (Harvest's Cost Rate), in the row's currency, in major
   * units like a team member's labour rate; null where the file has none. A person who becomes a
   * new team member gets it as their labour rate.
   */
  labourRate: number | null;
  /**
   * Hourmark's own export (issue 32) carries more of a log than another tool's row: its id in
   * the export (part of its fingerprint), its description as editor HTML (sanitised), its end
   * on the clock and its expenses. Absent for every other source.
   */
  hourmark?: { id: string; descriptionHtml: string; endTime: string; expenses: number };
}

/** A row that cannot be imported, and why, in words a person acts on. */
export interface RowProblem {
  line: number;
  reason: string;
}

/** Result of reading rows of one source. */
export interface ReadRows {
  entries: ImportEntry[];
  problems: RowProblem[];
}
