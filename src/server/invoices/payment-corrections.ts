import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Commit } from '../commit/commit';
import { recordAudit } from '../sync/audit';
import type { Membership } from '../sync/permissions';
import { rows, type Runner } from '../sync/records';
import { refuse, type Refusal } from './refusals';

// Payments entered by mistake are corrected or deleted with a reason, kept in the audit log; a
// credit left by a voided invoice is offered as a payment on the client's next one (issue 27).

const money = (minor: number) => (minor / 100).toFixed(2);

interface Locked {
  status: string;
  total: number;
  paid: number;
}

/** The invoice, locked for this transaction, with its total and what is paid. */
async function lockedInvoice(tx: Runner, workspaceId: string, invoiceId: string) {
  const [invoice] = await rows<{ status: string; total: number | string | null }>(
    tx,
    sql`SELECT status, document->>'totalMinor' AS total FROM invoices
      WHERE id = ${invoiceId} AND workspace_id = ${workspaceId} FOR UPDATE`,
  );
  if (!invoice) return null;
  const [paid] = await rows<{ sum: number | string | null }>(
    tx,
    sql`SELECT sum(amount_minor) AS sum FROM invoice_payments WHERE invoice_id = ${invoiceId}`,
  );
  return {
    status: invoice.status,
    total: Number(invoice.total ?? 0),
    paid: Number(paid?.sum ?? 0),
  } satisfies Locked;
}

interface StoredPayment {
  id: string;
  paid_on: string;
  amount_minor: number | string;
  note: string;
  credit_id: string | null;
}

async function paymentOf(tx: Runner, invoiceId: string, paymentId: string) {
  const [payment] = await rows<StoredPayment>(
    tx,
    sql`SELECT id, paid_on, amount_minor, note, credit_id FROM invoice_payments
      WHERE id = ${paymentId} AND invoice_id = ${invoiceId} FOR UPDATE`,
  );
  return payment ?? null;
}

/** A payment of an issued invoice, with its invoice locked, or why it cannot be changed. */
async function paymentToChange(
  tx: Runner,
  workspaceId: string,
  input: { invoiceId: string; paymentId: string },
) {
  const invoice = await lockedInvoice(tx, workspaceId, input.invoiceId);
  if (!invoice) return refuse(404, 'There is no such invoice.');
  if (invoice.status !== 'issued')
    return refuse(409, 'The payments of a void invoice were settled when it was voided.');
  const payment = await paymentOf(tx, input.invoiceId, input.paymentId);
  if (!payment) return refuse(404, 'There is no such payment.');
  return { invoice, payment };
}

const snapshot = (
  invoiceId: string,
  p: Pick<StoredPayment, 'paid_on' | 'amount_minor' | 'note'>,
) => ({
  invoiceId,
  paidOn: p.paid_on,
  amountMinor: Number(p.amount_minor),
  note: p.note,
});

/** Corrects a payment's day, amount or note; the reason and both versions go to the audit log. */
export async function correctPayment(
  c: Commit,
  membership: Membership,
  input: {
    invoiceId: string;
    paymentId: string;
    paidOn: string;
    amountMinor: number;
    note: string;
    reason: string;
  },
  now: Date,
): Promise<{ ok: true; paidMinor: number; totalMinor: number } | Refusal> {
  const { tx } = c;
  const found = await paymentToChange(tx, membership.workspaceId, input);
  if ('ok' in found) return found;
  const { invoice, payment } = found;
  if (payment.credit_id && Number(payment.amount_minor) !== input.amountMinor)
    return refuse(409, 'A payment from a credit is deleted, not changed: its credit comes back.');
  const paid = invoice.paid - Number(payment.amount_minor) + input.amountMinor;
  if (paid > invoice.total)
    return refuse(
      400,
      `That is more than is left to pay (${money(invoice.total - invoice.paid + Number(payment.amount_minor))}).`,
    );
  await tx.execute(
    sql`UPDATE invoice_payments SET paid_on = ${input.paidOn}, amount_minor = ${input.amountMinor},
        note = ${input.note} WHERE id = ${payment.id}`,
  );
  await recordAudit(
    tx,
    membership,
    {
      kind: 'payment',
      recordId: payment.id,
      action: 'update',
      rules: [],
      reason: input.reason,
      before: snapshot(input.invoiceId, payment),
      after: snapshot(input.invoiceId, {
        paid_on: input.paidOn,
        amount_minor: input.amountMinor,
        note: input.note,
      }),
    },
    now,
  );
  return { ok: true as const, paidMinor: paid, totalMinor: invoice.total };
}

/** Deletes a payment entered by mistake (a credit it used comes back); audited with its reason. */
export async function deletePayment(
  c: Commit,
  membership: Membership,
  input: { invoiceId: string; paymentId: string; reason: string },
  now: Date,
): Promise<{ ok: true; paidMinor: number; totalMinor: number } | Refusal> {
  const { tx } = c;
  const found = await paymentToChange(tx, membership.workspaceId, input);
  if ('ok' in found) return found;
  const { invoice, payment } = found;
  await tx.execute(sql`DELETE FROM invoice_payments WHERE id = ${payment.id}`);
  if (payment.credit_id)
    await tx.execute(
      sql`UPDATE client_credits SET used_minor = used_minor - ${Number(payment.amount_minor)}
          WHERE id = ${payment.credit_id}`,
    );
  await recordAudit(
    tx,
    membership,
    {
      kind: 'payment',
      recordId: payment.id,
      action: 'delete',
      rules: [],
      reason: input.reason,
      before: snapshot(input.invoiceId, payment),
      after: null,
    },
    now,
  );
  return {
    ok: true as const,
    paidMinor: invoice.paid - Number(payment.amount_minor),
    totalMinor: invoice.total,
  };
}

/** A client's credits with something left, oldest first, with the credit note that made each. */
export async function creditsOf(runner: Runner, workspaceId: string, clientId: string) {
  const found = await rows<{ id: string; left: number | string; credit_note: string | null }>(
    runner,
    sql`SELECT c.id, c.amount_minor - c.used_minor AS left, i.credit_note
      FROM client_credits c JOIN invoices i ON i.id = c.from_invoice_id
      WHERE c.workspace_id = ${workspaceId} AND c.client_id = ${clientId}
        AND c.used_minor < c.amount_minor
      ORDER BY c.created_at, c.id`,
  );
  return found.map((c) => ({
    id: c.id,
    leftMinor: Number(c.left),
    creditNote: c.credit_note ?? '',
  }));
}

/**
 * Pays an issued invoice from its client's credits, oldest first, up to what is left to pay:
 * one payment per credit used, noted with the credit note it came from.
 */
export async function applyCredit(
  c: Commit,
  membership: Membership,
  input: { invoiceId: string; paidOn: string },
  now: Date,
): Promise<{ ok: true; paidMinor: number; totalMinor: number } | Refusal> {
  const { tx } = c;
  const invoice = await lockedInvoice(tx, membership.workspaceId, input.invoiceId);
  if (!invoice) return refuse(404, 'There is no such invoice.');
  if (invoice.status !== 'issued') return refuse(409, 'Only an issued invoice can be paid.');
  const [owner] = await rows<{ client_id: string }>(
    tx,
    sql`SELECT client_id FROM invoices WHERE id = ${input.invoiceId}`,
  );
  let left = invoice.total - invoice.paid;
  let paid = invoice.paid;
  const credits = await creditsOf(tx, membership.workspaceId, owner?.client_id ?? '');
  if (credits.length === 0) return refuse(409, 'This client has no credit left.');
  for (const credit of credits) {
    if (left <= 0) break;
    const use = Math.min(left, credit.leftMinor);
    await tx.execute(
      sql`UPDATE client_credits SET used_minor = used_minor + ${use} WHERE id = ${credit.id}`,
    );
    const id = randomUUID();
    const note = `Credit from ${credit.creditNote}`;
    await tx.execute(
      sql`INSERT INTO invoice_payments (id, invoice_id, paid_on, amount_minor, note, created_by, created_at, credit_id)
          VALUES (${id}, ${input.invoiceId}, ${input.paidOn}, ${use}, ${note}, ${membership.userId},
            ${now.toISOString()}, ${credit.id})`,
    );
    await recordAudit(
      tx,
      membership,
      {
        kind: 'payment',
        recordId: id,
        action: 'create',
        rules: [],
        before: null,
        after: snapshot(input.invoiceId, { paid_on: input.paidOn, amount_minor: use, note }),
      },
      now,
    );
    left -= use;
    paid += use;
  }
  return { ok: true as const, paidMinor: paid, totalMinor: invoice.total };
}
