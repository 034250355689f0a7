import { sql } from 'drizzle-orm';
import { rows, type Runner } from '../sync/records';

// What an invoice says: its lines from the reserved logs' stored amounts (the same money the
// reports sum), the client's tax, and the totals, all in integer minor units.

export interface InvoiceLine {
  kind: 'time' | 'expenses';
  description: string;
  /** Billed hours for time (two decimals); 1 for expenses. */
  quantity: number;
  amountMinor: number;
  projectId: string | null;
}

export interface InvoiceTax {
  name: string;
  percent: number;
  amountMinor: number;
}

export interface InvoiceDocument {
  from: string;
  to: string;
  currency: string;
  lines: InvoiceLine[];
  taxes: InvoiceTax[];
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  logIds: string[];
  /** Copies made when issued, so later renames or new rates never change an issued invoice. */
  seller?: { name: string; address: string; taxNumber: string };
  buyer?: { name: string; address: string; taxNumber: string; email: string };
  /** The workspace's note as it was when issued. */
  note?: string;
}

/** The client's name and tax, as the invoice needs them. */
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
    taxName: text('taxName'),
    taxPercent: typeof percent === 'number' && percent > 0 && percent <= 100 ? percent : 0,
  };
}

/** The lines and totals of an invoice's reserved logs, at their amounts now. */
export async function documentOf(
  runner: Runner,
  workspaceId: string,
  invoiceId: string,
  range: { from: string; to: string; currency: string },
  tax: { name: string; percent: number },
): Promise<InvoiceDocument> {
  const sums = await rows<{
    project_id: string | null;
    project_name: string | null;
    billable_seconds: number | string;
    billable_minor: number | string;
    expense_minor: number | string;
  }>(
    runner,
    sql`SELECT l.project_id, p.data->>'projectName' AS project_name,
        coalesce(sum(l.billable_seconds), 0) AS billable_seconds,
        coalesce(sum(l.billable_minor), 0) AS billable_minor,
        coalesce(sum(l.expense_minor), 0) AS expense_minor
      FROM invoice_logs il
      JOIN time_logs l ON l.workspace_id = il.workspace_id AND l.id = il.log_id
      LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
      WHERE il.invoice_id = ${invoiceId} AND il.workspace_id = ${workspaceId} AND NOT l.deleted
      GROUP BY l.project_id, p.data->>'projectName'
      ORDER BY p.data->>'projectName', l.project_id`,
  );
  const ids = await rows<{ log_id: string }>(
    runner,
    sql`SELECT log_id FROM invoice_logs WHERE invoice_id = ${invoiceId} ORDER BY log_id`,
  );
  const lines: InvoiceLine[] = sums
    .filter((s) => Number(s.billable_minor) > 0)
    .map((s) => ({
      kind: 'time',
      description: s.project_name ?? 'Time',
      quantity: Math.round((Number(s.billable_seconds) / 3600) * 100) / 100,
      amountMinor: Number(s.billable_minor),
      projectId: s.project_id,
    }));
  const expenses = sums.reduce((sum, s) => sum + Number(s.expense_minor), 0);
  if (expenses > 0)
    lines.push({
      kind: 'expenses',
      description: 'Expenses',
      quantity: 1,
      amountMinor: expenses,
      projectId: null,
    });
  const subtotalMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  // Tax on the subtotal, rounded half up to the paisa once (not per line).
  const taxes =
    tax.percent > 0
      ? [
          {
            name: tax.name || 'Tax',
            percent: tax.percent,
            amountMinor: Math.round((subtotalMinor * tax.percent) / 100),
          },
        ]
      : [];
  const taxMinor = taxes.reduce((sum, t) => sum + t.amountMinor, 0);
  return {
    ...range,
    lines,
    taxes,
    subtotalMinor,
    taxMinor,
    totalMinor: subtotalMinor + taxMinor,
    logIds: ids.map((r) => r.log_id),
  };
}
