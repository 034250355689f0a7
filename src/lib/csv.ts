import Papa from 'papaparse';
import type { TimeLog } from './entities/time-log';
import { formatDuration } from './duration';
import { htmlToText } from './html-text';
import { groupByDay } from './log-filter';
import { deletedProjectLabel } from './log-label';
import { fromMinor } from './money';
import { ratesOn } from './member-rates';
import { rateMinor, resolveBillableRate } from './rates';
import { logEconomy, type LogEconomy, type Lookups } from './totals';

/** One CSV column: its header and how to read its cell from a row. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

// A cell starting with these is run as a formula by spreadsheets (CSV injection). Some also skip
// spaces, tabs and line breaks before the formula sign, so any cell starting with a tab or a line
// break, or with white space before = + - @, is defused too (OWASP's list plus those).
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@])/;
// A plain decimal number, as the money and hours columns write them ('-455.55'): a spreadsheet
// reads it as a number, never as a formula, and a quote in front would make it text that sums
// skip. Anything more ('-2+3', '-A1') is still defused.
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

function safeCell(value: string | number): string | number {
  return typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)
    ? `'${value}`
    : value;
}

/** RFC 4180 CSV (CRLF, quoted where needed) with a UTF-8 BOM so spreadsheets read accents and ₹. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const data = rows.map((row) => columns.map((c) => safeCell(c.value(row))));
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.header), data }, { newline: '\r\n' })}`;
}

const money = (minor: number) => fromMinor(minor).toFixed(2);

// Hours to 8 decimals (trailing zeros dropped) so that hours × rate gives each amount to the
// paisa in a spreadsheet; two decimals would not (1h10m as 1.17 h × ₹900 is ₹1,053, not ₹1,050).
const exactHours = (seconds: number) => String(Number((Math.max(0, seconds) / 3600).toFixed(8)));

/**
 * A log's status as the export says it: a log on a project that asks for no approval (or on no
 * project) is not "approved", nobody approved it; a log on a deleted project keeps its own.
 */
function statusText(log: TimeLog, lookups: Lookups): string {
  if (!log.projectId) return 'no approval needed';
  const project = lookups.projectsById.get(log.projectId);
  if (project && project.approval !== true) return 'no approval needed';
  return log.status;
}

/** A log with the rates and billable time its money was computed with. */
interface PricedLog {
  log: TimeLog;
  economy: LogEconomy;
  rate: number;
  labourRate: number;
}

/** An hourly rate (decimal, to the paisa) that makes `minor` from `seconds`; 0 without time. */
const impliedRate = (minor: number, seconds: number) =>
  seconds > 0 ? Math.round((minor * 3600) / seconds) / 100 : 0;

function priced(log: TimeLog, lookups: Lookups): PricedLog {
  const economy = logEconomy(log, lookups);
  // An invoiced log keeps the figures it was billed with, not the rates: the rates those make
  // are the ones it was billed and costed at, so hours × rate still gives each amount.
  if (log.invoice !== undefined && log.billed)
    return {
      log,
      economy,
      rate: impliedRate(economy.billableMinor, economy.billableSeconds),
      labourRate: impliedRate(economy.costMinor, log.dur),
    };
  const project = log.projectId ? lookups.projectsById.get(log.projectId) : undefined;
  const task = log.taskId ? lookups.tasksById.get(log.taskId) : undefined;
  const member = log.memberId ? lookups.membersById.get(log.memberId) : undefined;
  // The same resolution logEconomy bills with: the member's rates on the log's day.
  const rates = member ? ratesOn(member, log.date) : undefined;
  const rate = resolveBillableRate({ project, task, member: rates });
  return { log, economy, rate, labourRate: rates?.LoborRate ?? 0 };
}

/**
 * The /allHours export: one row per log, in the order the screen shows them (newest day first,
 * undated old logs last), with the rate and the rounded hours behind each amount, rates headed
 * with the workspace's `currency`.
 */
export function timeLogCsv(
  logs: readonly TimeLog[],
  lookups: Lookups,
  currency: string,
  withAmounts = true,
): string {
  const billableRate = `Billable rate (${currency}/h)`;
  const labourRate = `Labour rate (${currency}/h)`;
  const columns: CsvColumn<PricedLog>[] = [
    { header: 'Date', value: ({ log: l }) => l.date },
    {
      header: 'Client',
      value: ({ log: l }) => {
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
      value: ({ log: l }) =>
        l.projectId
          ? (lookups.projectsById.get(l.projectId)?.projectName ?? deletedProjectLabel(l.client))
          : '',
    },
    { header: 'Task', value: ({ log: l }) => l.task },
    {
      header: 'Member',
      value: ({ log: l }) => (l.memberId ? (lookups.membersById.get(l.memberId)?.name ?? '') : ''),
    },
    { header: 'Tags', value: ({ log: l }) => l.tags },
    { header: 'Description', value: ({ log: l }) => htmlToText(l.desc) },
    { header: 'Start', value: ({ log: l }) => l.st },
    { header: 'End', value: ({ log: l }) => l.end },
    { header: 'Duration', value: ({ log: l }) => formatDuration(l.dur, 'short') },
    { header: 'Hours', value: ({ log: l }) => exactHours(l.dur) },
    { header: 'Billable hours', value: (r) => exactHours(r.economy.billableSeconds) },
    { header: billableRate, value: (r) => money(rateMinor(r.rate)) },
    { header: 'Billable amount', value: (r) => money(r.economy.billableMinor) },
    { header: labourRate, value: (r) => money(rateMinor(r.labourRate)) },
    { header: 'Cost', value: (r) => money(r.economy.costMinor) },
    { header: 'Expenses', value: ({ log: l }) => l.exp.toFixed(2) },
    { header: 'Status', value: ({ log: l }) => statusText(l, lookups) },
  ];
  const rows = groupByDay(logs).flatMap((day) => day.logs.map((log) => priced(log, lookups)));
  // Rates and the money made from them leave only with those who may see them.
  const amounts = new Set([billableRate, 'Billable amount', labourRate, 'Cost']);
  return toCsv(withAmounts ? columns : columns.filter((c) => !amounts.has(c.header)), rows);
}
