import { sql, type SQL } from 'drizzle-orm';
import { formatDay } from '../../lib/day';
import { profileOf } from '../../lib/e-invoice-profile';
import type { InvoiceDocument } from '../../lib/invoice-document';
import {
  composeInvoice,
  defaultLayout,
  type DraftLayout,
  type GroupSum,
  type InvoicePeriod,
  type LineGrouping,
} from '../../lib/invoice-lines';
import type { Member } from '../../lib/entities/member';
import type { Project } from '../../lib/entities/project';
import type { Task } from '../../lib/entities/task';
import { billedRateMinor, type EconomyInput, type Lookups } from '../../lib/totals';
import { minorStep } from '../../lib/money-format';
import type { RawRow } from '../db/raw-row';
import type { invoiceLogs } from '../db/schema';
import { rows, type Fields, type Runner } from '../sync/records';

// What an invoice says: lines from the reserved logs' stored amounts (the same money the reports
// sum), arranged and edited as its layout says, with discount, taxes and totals in minor units.

export type { InvoiceDocument, InvoiceLine, InvoiceParty } from '../../lib/invoice-document';

/** The client's name, address and tax, as the invoice needs them. */
export async function clientOf(runner: Runner, workspaceId: string, clientId: string) {
  const [client] = await rows<{ data: Record<string, unknown> }>(
    runner,
    sql`SELECT data FROM clients WHERE workspace_id = ${workspaceId} AND id = ${clientId} AND NOT deleted`,
  );
  if (!client) return null;
  const text = (key: string) => {
    const value = client.data[key];
    return typeof value === 'string' ? value : '';
  };
  const percent = client.data['taxPercentage'];
  return {
    name: text('name'),
    address: text('address'),
    taxNumber: text('taxNumber'),
    vatNumber: text('vatNumber'),
    email: text('email'),
    country: text('country'),
    taxName: text('taxName'),
    city: text('city'),
    postCode: text('postCode'),
    eInvoiceProfile: profileOf(client.data['eInvoiceProfile']),
    electronicAddress: text('electronicAddress'),
    electronicAddressScheme: text('electronicAddressScheme'),
    buyerReference: text('buyerReference'),
    taxPercent: typeof percent === 'number' && percent > 0 && percent <= 100 ? percent : 0,
  };
}

/** Per grouping, the key logs are summed by and the words its line starts from. */
const grouped: Record<LineGrouping, { key: SQL; label: SQL; join: SQL }> = {
  project: {
    key: sql`coalesce(l.project_id, '')`,
    label: sql`coalesce(p.data->>'projectName', 'Time')`,
    join: sql``,
  },
  task: {
    key: sql`coalesce(l.project_id, '') || '/' || coalesce(l.task_id, '')`,
    label: sql`coalesce(p.data->>'projectName', 'Time') || coalesce(': ' || (t.data->>'task'), '')`,
    join: sql`LEFT JOIN tasks t ON t.workspace_id = l.workspace_id AND t.id = l.task_id`,
  },
  member: {
    key: sql`coalesce(l.member_id, '')`,
    label: sql`coalesce(m.data->>'name', 'Time')`,
    join: sql`LEFT JOIN members m ON m.workspace_id = l.workspace_id AND m.id = l.member_id`,
  },
  day: { key: sql`l.date::text`, label: sql`l.date::text`, join: sql`` },
  single: { key: sql`'all'`, label: sql`'all'`, join: sql`` },
};

/**
 * The sums of an invoice's reserved logs, one per group of `grouping` and rate that billed them
 * (a group whose logs were billed at two rates, such as two members' rates, is two sums), in
 * label order.
 */
async function groupSums(
  runner: Runner,
  workspaceId: string,
  invoiceId: string,
  grouping: LineGrouping,
  period: InvoicePeriod,
): Promise<GroupSum[]> {
  const by = grouped[grouping];
  const found = await rows<{
    key: string;
    label: string;
    project_id: string | null;
    billable_seconds: number | string;
    billable_minor: number | string;
    expense_minor: number | string;
    log: Fields;
    project: Fields | null;
    task: Fields | null;
    member: Fields | null;
  }>(
    runner,
    sql`SELECT ${by.key} AS key, ${by.label} AS label, l.project_id,
        l.billable_seconds, l.billable_minor, l.expense_minor,
        l.data AS log, p.data AS project, rt.data AS task, rm.data AS member
      FROM invoice_logs il
      JOIN time_logs l ON l.workspace_id = il.workspace_id AND l.id = il.log_id
      LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
      LEFT JOIN tasks rt ON rt.workspace_id = l.workspace_id AND rt.id = l.task_id
      LEFT JOIN members rm ON rm.workspace_id = l.workspace_id AND rm.id = l.member_id
      ${by.join}
      WHERE il.invoice_id = ${invoiceId} AND il.workspace_id = ${workspaceId} AND NOT l.deleted
      ORDER BY 1, l.id`,
  );
  const label = (raw: string) =>
    grouping === 'day'
      ? formatDay(raw)
      : grouping === 'single'
        ? `Work from ${formatDay(period.start)} to ${formatDay(period.end)}`
        : raw;
  const sums = new Map<string, GroupSum & { labels: string[]; projects: Set<string | null> }>();
  const rateOfGroup = new Map<string, Set<number>>();
  const rated = found.map((r) => {
    const log = r.log as unknown as EconomyInput;
    const rate = Number(r.billable_minor) > 0 ? billedRateMinor(log, lookupsOf(log, r)) : 0;
    const rates = rateOfGroup.get(r.key) ?? new Set<number>();
    rates.add(rate);
    rateOfGroup.set(r.key, rates);
    return { ...r, rate };
  });
  for (const r of rated) {
    // Logs at another rate than the rest of their group make a line of their own.
    const split = (rateOfGroup.get(r.key)?.size ?? 1) > 1;
    const key = split ? `${r.key}@${r.rate}` : r.key;
    const sum = sums.get(key) ?? {
      key,
      label: '',
      labels: [],
      projects: new Set<string | null>(),
      projectId: null,
      billableSeconds: 0,
      billableMinor: 0,
      expenseMinor: 0,
      rateMinor: r.rate,
    };
    sum.labels.push(r.label);
    sum.projects.add(r.project_id);
    sum.billableSeconds += Number(r.billable_seconds);
    sum.billableMinor += Number(r.billable_minor);
    sum.expenseMinor += Number(r.expense_minor);
    sums.set(key, sum);
  }
  const first = (labels: string[]) => labels.sort()[0] ?? '';
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...sums.values()]
    .sort((a, b) => order(first(a.labels), first(b.labels)) || order(a.key, b.key))
    .map(({ labels, projects, ...sum }) => ({
      ...sum,
      label: label(first(labels)),
      projectId: projects.size === 1 ? ([...projects][0] ?? null) : null,
    }));
}

/** The project, task and member a log's rate comes from, as billedRateMinor reads them. */
function lookupsOf(
  log: EconomyInput,
  r: { project: Fields | null; task: Fields | null; member: Fields | null },
): Lookups {
  return {
    projectsById: new Map(
      r.project && log.projectId ? [[log.projectId, r.project as unknown as Project]] : [],
    ),
    tasksById: new Map(r.task && log.taskId ? [[log.taskId, r.task as unknown as Task]] : []),
    membersById: new Map(
      r.member && log.memberId ? [[log.memberId, r.member as unknown as Member]] : [],
    ),
    clientsById: new Map(),
  };
}

/** The first and last day of the logs an invoice holds (as its lines count them), or null. */
export async function logPeriodOf(
  runner: Runner,
  workspaceId: string,
  invoiceId: string,
): Promise<InvoicePeriod | null> {
  const [span] = await rows<{ start: string | null; end: string | null }>(
    runner,
    sql`SELECT min(l.date)::text AS start, max(l.date)::text AS end
      FROM invoice_logs il
      JOIN time_logs l ON l.workspace_id = il.workspace_id AND l.id = il.log_id
      WHERE il.invoice_id = ${invoiceId} AND il.workspace_id = ${workspaceId} AND NOT l.deleted`,
  );
  return span?.start && span.end ? { start: span.start, end: span.end } : null;
}

/**
 * The lines and totals of an invoice's reserved logs, at their amounts now, as laid out, and the
 * period it states: the one set on the draft, else its logs' first and last day (issue 47; the
 * Uninvoiced days `range` only when it holds no log, as a draft of lines by hand may).
 */
export async function documentOf(
  runner: Runner,
  workspaceId: string,
  invoiceId: string,
  range: { from: string; to: string; currency: string },
  layout: DraftLayout,
): Promise<InvoiceDocument> {
  const logPeriod = await logPeriodOf(runner, workspaceId, invoiceId);
  const period = layout.period ?? logPeriod ?? { start: range.from, end: range.to };
  const groups = await groupSums(runner, workspaceId, invoiceId, layout.grouping, period);
  const ids = await rows<RawRow<typeof invoiceLogs, 'logId'>>(
    runner,
    sql`SELECT log_id FROM invoice_logs WHERE invoice_id = ${invoiceId} ORDER BY log_id`,
  );
  return {
    ...range,
    period,
    ...(logPeriod ? { logPeriod } : {}),
    ...composeInvoice(groups, layout, minorStep(range.currency)),
    layout,
    note: layout.note,
    logIds: ids.map((r) => r.log_id),
  };
}

/**
 * A stored document as today's code reads it: invoices saved before drafts had layouts get the
 * layout, discount and line fields they were made without, so every screen reads one shape.
 * One saved before issue 47 has no stated period: an issued or void invoice states what it
 * always did, its Uninvoiced days `from`–`to`; a draft its logs' days (`logPeriod`, read by the
 * caller), which it stores when next saved or issued.
 */
export function storedDocument(
  raw: InvoiceDocument,
  logPeriod: InvoicePeriod | null = null,
): InvoiceDocument {
  const stored = raw as Partial<InvoiceDocument> & Pick<InvoiceDocument, 'lines' | 'taxes'>;
  return {
    ...raw,
    period: stored.period ?? logPeriod ?? { start: raw.from, end: raw.to },
    ...(stored.period || !logPeriod ? {} : { logPeriod }),
    discountPercent: stored.discountPercent ?? 0,
    discountMinor: stored.discountMinor ?? 0,
    taxableMinor: stored.taxableMinor ?? raw.subtotalMinor,
    lines: raw.lines.map((line, i) => ({
      ...line,
      key: line.key ?? `${line.kind}:${i}`,
      unitMinor:
        line.unitMinor ??
        (line.quantity > 0 ? Math.round(line.amountMinor / line.quantity) : line.amountMinor),
      edited: line.edited ?? false,
    })),
    layout: stored.layout ?? {
      ...defaultLayout({ name: '', percent: 0 }, { paymentTermsDays: 8, note: raw.note ?? '' }),
      taxes: raw.taxes.map((t) => ({ name: t.name, percent: t.percent })),
    },
  };
}
