import { sql, type SQL } from 'drizzle-orm';
import { formatDay } from '../../lib/day';
import type { InvoiceDocument } from '../../lib/invoice-document';
import {
  composeInvoice,
  defaultLayout,
  type DraftLayout,
  type GroupSum,
  type LineGrouping,
} from '../../lib/invoice-lines';
import { rows, type Runner } from '../sync/records';

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
    email: text('email'),
    country: text('country'),
    taxName: text('taxName'),
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

/** The sums of an invoice's reserved logs, one per group of `grouping`, in label order. */
async function groupSums(
  runner: Runner,
  workspaceId: string,
  invoiceId: string,
  grouping: LineGrouping,
  range: { from: string; to: string },
): Promise<GroupSum[]> {
  const by = grouped[grouping];
  const found = await rows<{
    key: string;
    label: string;
    project_id: string | null;
    billable_seconds: number | string;
    billable_minor: number | string;
    expense_minor: number | string;
  }>(
    runner,
    sql`SELECT ${by.key} AS key, min(${by.label}) AS label,
        CASE WHEN count(DISTINCT l.project_id) = 1 THEN min(l.project_id) END AS project_id,
        coalesce(sum(l.billable_seconds), 0) AS billable_seconds,
        coalesce(sum(l.billable_minor), 0) AS billable_minor,
        coalesce(sum(l.expense_minor), 0) AS expense_minor
      FROM invoice_logs il
      JOIN time_logs l ON l.workspace_id = il.workspace_id AND l.id = il.log_id
      LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
      ${by.join}
      WHERE il.invoice_id = ${invoiceId} AND il.workspace_id = ${workspaceId} AND NOT l.deleted
      GROUP BY 1 ORDER BY 2, 1`,
  );
  const label = (raw: string) =>
    grouping === 'day'
      ? formatDay(raw)
      : grouping === 'single'
        ? `Work from ${formatDay(range.from)} to ${formatDay(range.to)}`
        : raw;
  return found.map((r) => ({
    key: r.key,
    label: label(r.label),
    projectId: r.project_id,
    billableSeconds: Number(r.billable_seconds),
    billableMinor: Number(r.billable_minor),
    expenseMinor: Number(r.expense_minor),
  }));
}

/** The lines and totals of an invoice's reserved logs, at their amounts now, as laid out. */
export async function documentOf(
  runner: Runner,
  workspaceId: string,
  invoiceId: string,
  range: { from: string; to: string; currency: string },
  layout: DraftLayout,
): Promise<InvoiceDocument> {
  const groups = await groupSums(runner, workspaceId, invoiceId, layout.grouping, range);
  const ids = await rows<{ log_id: string }>(
    runner,
    sql`SELECT log_id FROM invoice_logs WHERE invoice_id = ${invoiceId} ORDER BY log_id`,
  );
  return {
    ...range,
    ...composeInvoice(groups, layout),
    layout,
    note: layout.note,
    logIds: ids.map((r) => r.log_id),
  };
}

/**
 * A stored document as today's code reads it: invoices saved before drafts had layouts get the
 * layout, discount and line fields they were made without, so every screen reads one shape.
 */
export function storedDocument(raw: InvoiceDocument): InvoiceDocument {
  const stored = raw as Partial<InvoiceDocument> & Pick<InvoiceDocument, 'lines' | 'taxes'>;
  return {
    ...raw,
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
