import Papa from 'papaparse';
import type { TimeLog } from './entities/time-log';
import { formatDuration, formatHours } from './duration';
import { htmlToText } from './html-text';
import { deletedProjectLabel } from './log-label';
import { fromMinor } from './money';
import { logEconomy, type Lookups } from './totals';

/** One CSV column: its header and how to read its cell from a row. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

// A cell starting with these is run as a formula by spreadsheets (CSV injection). Some also skip
// spaces, tabs and line breaks before the formula sign, so any cell starting with a tab or a line
// break, or with white space before = + - @, is defused too (OWASP's list plus those).
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@])/;

function safeCell(value: string | number): string | number {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180 CSV (CRLF, quoted where needed) with a UTF-8 BOM so spreadsheets read accents and ₹. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const data = rows.map((row) => columns.map((c) => safeCell(c.value(row))));
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.header), data }, { newline: '\r\n' })}`;
}

const money = (minor: number) => fromMinor(minor).toFixed(2);

/** The /allHours export: one row per log with its money. */
export function timeLogCsv(logs: readonly TimeLog[], lookups: Lookups): string {
  const columns: CsvColumn<TimeLog>[] = [
    { header: 'Date', value: (l) => l.date },
    {
      header: 'Client',
      value: (l) => {
        const p = l.projectId ? lookups.projectsById.get(l.projectId) : undefined;
        // The client's current name, else the name saved on the project, else the one on the
        // log itself ('Client / Project'); `||` so an empty saved name falls through too.
        return (
          (p?.clientId ? lookups.clientsById.get(p.clientId)?.name : undefined) ||
          p?.client ||
          l.client.split(' / ')[0] ||
          ''
        );
      },
    },
    {
      header: 'Project',
      value: (l) =>
        l.projectId
          ? (lookups.projectsById.get(l.projectId)?.projectName ?? deletedProjectLabel(l.client))
          : '',
    },
    { header: 'Task', value: (l) => l.task },
    {
      header: 'Member',
      value: (l) => (l.memberId ? (lookups.membersById.get(l.memberId)?.name ?? '') : ''),
    },
    { header: 'Tags', value: (l) => l.tags },
    { header: 'Description', value: (l) => htmlToText(l.desc) },
    { header: 'Start', value: (l) => l.st },
    { header: 'End', value: (l) => l.end },
    { header: 'Duration', value: (l) => formatDuration(l.dur, 'short') },
    { header: 'Hours', value: (l) => formatHours(l.dur) },
    { header: 'Billable amount', value: (l) => money(logEconomy(l, lookups).billableMinor) },
    { header: 'Cost', value: (l) => money(logEconomy(l, lookups).costMinor) },
    { header: 'Expenses', value: (l) => l.exp.toFixed(2) },
    { header: 'Status', value: (l) => l.status },
  ];
  return toCsv(columns, logs);
}
