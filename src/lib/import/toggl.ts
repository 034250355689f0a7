import {
  amountMinor,
  clockDurationSeconds,
  clockTime,
  isoDay,
  LONGEST_ENTRY_SECONDS,
  shownCell,
  tagList,
  yesNo,
} from './cells';
import { currencyColumn, locateColumns } from './columns';
import type { CsvRow } from './csv-rows';
import type { ImportEntry, ReadRows, RowProblem } from './entry';

// Toggl Track's Detailed report, exported as CSV (Reports → Detailed → Export → CSV):
// User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,
// Duration,Tags,Amount (USD). Dates are ISO; Duration is HH:MM:SS; tags share one cell.

const columns = [
  'User',
  'Email',
  'Client',
  'Project',
  'Task',
  'Description',
  'Billable',
  'Start date',
  'Start time',
  'Duration',
  'Tags',
] as const;
type Column = (typeof columns)[number];

/**
 * What a file must have to be read as Toggl's. Task and Tags are left out: workspaces without
 * tasks or tags export without them. End date and End time are never read (see `togglRowReader`).
 */
export const togglRequired: readonly Column[] = [
  'User',
  'Email',
  'Client',
  'Project',
  'Description',
  'Billable',
  'Start date',
  'Start time',
  'Duration',
];

export const TOGGL_NAME = 'Toggl Track Detailed report (CSV)';

export type TogglLayout = {
  at: Record<Column, number>;
  amount: { index: number; currency: string } | null;
};

/** The layout of a Toggl header, or the required columns it lacks. */
export function togglLayout(header: readonly string[]): TogglLayout | { missing: string[] } {
  const { at, missing } = locateColumns(header, columns, togglRequired);
  if (missing.length) return { missing };
  return { at, amount: currencyColumn(header, 'Amount') };
}

/**
 * Reads rows under a Toggl header one at a time into entries, and the rows that cannot be
 * imported with why. Decisions (docs/import.md):
 * - the length is the Duration column's, never End minus Start (some tools print clock times
 *   without seconds, and a paused entry's span is longer than its time);
 * - the date is the Start date: an entry from 22:30 to 01:15 stays on the day it started;
 * - a row needs a start date, start time and duration that read, a length of at most 24 hours
 *   (the longest log Hourmark keeps) and above zero, a person (name or email) and Yes/No in
 *   Billable; a row without a project is imported (Hourmark keeps logs without one), and the
 *   preview refuses it only when the workspace requires a project and task.
 */
export function togglRowReader(
  layout: TogglLayout,
  width: number,
): ReadRows & { read: (row: CsvRow) => void } {
  const entries: ImportEntry[] = [];
  const problems: RowProblem[] = [];
  const cell = (cells: readonly string[], column: Column) =>
    layout.at[column] === -1 ? '' : (cells[layout.at[column]] ?? '');
  const read = ({ line, cells, problem }: CsvRow): void => {
    const refuse = (reason: string) => problems.push({ line, reason });
    if (problem) {
      refuse(problem);
      return;
    }
    if (cells.length !== width) {
      refuse(`It has ${cells.length} cells where the header has ${width}.`);
      return;
    }
    const date = isoDay(cell(cells, 'Start date'));
    if (!date) {
      refuse(`Start date “${shownCell(cell(cells, 'Start date'))}” is not a date like 2026-10-05.`);
      return;
    }
    const startTime = clockTime(cell(cells, 'Start time'));
    if (!startTime) {
      refuse(`Start time “${shownCell(cell(cells, 'Start time'))}” is not a time like 09:30:00.`);
      return;
    }
    const durationSeconds = clockDurationSeconds(cell(cells, 'Duration'));
    if (durationSeconds === null) {
      refuse(`Duration “${shownCell(cell(cells, 'Duration'))}” is not a length like 01:30:00.`);
      return;
    }
    if (durationSeconds === 0) {
      refuse('It lasts no time (Duration 00:00:00).');
      return;
    }
    if (durationSeconds > LONGEST_ENTRY_SECONDS) {
      refuse('It lasts more than 24 hours, the longest log Hourmark keeps.');
      return;
    }
    const billable = yesNo(cell(cells, 'Billable'));
    if (billable === null) {
      refuse(`Billable “${shownCell(cell(cells, 'Billable'))}” is neither Yes nor No.`);
      return;
    }
    const person = {
      name: cell(cells, 'User').trim(),
      email: cell(cells, 'Email').trim().toLowerCase(),
    };
    if (!person.name && !person.email) {
      refuse('It names no person (User and Email are empty).');
      return;
    }
    const amount = layout.amount ? amountMinor(cells[layout.amount.index] ?? '') : null;
    if (amount === 'invalid') {
      refuse(
        `Amount “${shownCell(cells[layout.amount?.index ?? 0] ?? '')}” is not an amount like 250.00.`,
      );
      return;
    }
    entries.push({
      line,
      person,
      client: cell(cells, 'Client').trim(),
      project: cell(cells, 'Project').trim(),
      task: cell(cells, 'Task').trim(),
      description: cell(cells, 'Description').trim(),
      billable,
      date,
      startTime,
      durationSeconds,
      tags: tagList(cell(cells, 'Tags')),
      amountMinor: amount,
      currency: layout.amount?.currency ?? null,
      // Toggl's Detailed report says nothing of invoices, approvals or costs.
      invoicedElsewhere: false,
      approved: false,
      labourRate: null,
    });
  };
  return { entries, problems, read };
}
