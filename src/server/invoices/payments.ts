import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Commit } from '../commit/commit';
import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import { rows } from '../sync/records';
import { refuse, type Refusal } from './refusals';

// Payments against issued invoices: an invoice is partly paid until they add up to its total,
// then paid. A payment cannot take an invoice past its total (a refund is another document).

export interface Payment {
  id: string;
  paidOn: string;
  amountMinor: number;
  note: string;
}

/** The payments of an invoice, oldest first. */
export async function paymentsOf(db: Db, invoiceId: string): Promise<Payment[]> {
  const found = await rows<{
    id: string;
    paid_on: string;
    amount_minor: number | string;
    note: string;
  }>(
    db,
    sql`SELECT id, paid_on, amount_minor, note FROM invoice_payments WHERE invoice_id = ${invoiceId}
      ORDER BY paid_on, created_at, id`,
  );
  return found.map((p) => ({
    id: p.id,
    paidOn: p.paid_on,
    amountMinor: Number(p.amount_minor),
    note: p.note,
  }));
}

/** Records a payment of an issued invoice (the invoice row is locked while it is checked). */
export async function recordPayment(
  c: Commit,
  membership: Membership,
  input: { invoiceId: string; paidOn: string; amountMinor: number; note: string },
  now: Date,
): Promise<{ ok: true; paidMinor: number; totalMinor: number } | Refusal> {
  const { tx } = c;
  const [invoice] = await rows<{ status: string; total: number | string | null }>(
    tx,
    sql`SELECT status, document->>'totalMinor' AS total FROM invoices
        WHERE id = ${input.invoiceId} AND workspace_id = ${membership.workspaceId} FOR UPDATE`,
  );
  if (!invoice) return refuse(404, 'There is no such invoice.');
  if (invoice.status !== 'issued')
    return refuse(409, 'Only an issued invoice can be paid: issue it first, or it was voided.');
  const [paid] = await rows<{ sum: number | string | null }>(
    tx,
    sql`SELECT sum(amount_minor) AS sum FROM invoice_payments WHERE invoice_id = ${input.invoiceId}`,
  );
  const total = Number(invoice.total ?? 0);
  const before = Number(paid?.sum ?? 0);
  if (before + input.amountMinor > total)
    return refuse(
      400,
      `That is more than is left to pay (${((total - before) / 100).toFixed(2)}).`,
    );
  await tx.execute(
    sql`INSERT INTO invoice_payments (id, invoice_id, paid_on, amount_minor, note, created_by, created_at)
        VALUES (${randomUUID()}, ${input.invoiceId}, ${input.paidOn}, ${input.amountMinor}, ${input.note},
          ${membership.userId}, ${now.toISOString()})`,
  );
  return { ok: true as const, paidMinor: before + input.amountMinor, totalMinor: total };
}
