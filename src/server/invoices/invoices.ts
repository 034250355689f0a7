import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays } from '../../lib/day';
import {
  clientCode,
  counterScope,
  formatInvoiceNumber,
  numberingProblem,
} from '../../lib/invoice-number';
import { recomputeLogAmounts } from '../sync/amounts';
import type { Membership } from '../sync/permissions';
import type { Commit } from '../commit/commit';
import { rows, type Runner } from '../sync/records';
import { defaultLayout, type DraftLayout } from '../../lib/invoice-lines';
import { clientOf, documentOf, type InvoiceDocument } from './document';
import { refuse, type Refusal } from './refusals';
import { invoiceSettingsOf, type InvoiceSettings } from './settings';
import { issueRefusalOf } from '../../lib/issue-refusal';
import { combinedPercent } from '../../lib/invoice-tax';
import { can } from '../../lib/policy';
import { recordAudit } from '../sync/audit';

// Drafts, issuing and voiding (issue 14). Only Admins see and make invoices.

export interface InvoiceView {
  id: string;
  clientId: string;
  status: 'draft' | 'issued' | 'void';
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  document: InvoiceDocument;
}

/**
 * A draft for a client from the approved, uninvoiced logs (a log imported as invoiced in another
 * tool is not, issue 32) with a billable amount or expenses of
 * its projects (or of `projectIds`, which may name projects without a client) between two days. Its logs are reserved: no other invoice
 * offers them, but they stay editable until it is issued.
 */
export async function createDraft(
  c: Commit,
  membership: Membership,
  input: { clientId: string; from: string; to: string; projectIds: string[] },
  now: Date,
): Promise<{ ok: true; invoice: InvoiceView } | Refusal> {
  const workspaceId = membership.workspaceId;
  const client = await clientOf(c.tx, workspaceId, input.clientId);
  if (!client) return refuse(400, 'There is no such client.');
  const { settings } = await invoiceSettingsOf(c.tx, workspaceId);
  const id = randomUUID();
  const onlyProjects = input.projectIds.length
    ? sql`AND l.project_id IN (${sql.join(
        input.projectIds.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql``;
  // The client's own projects, and a project without a client when the draft names it: the
  // person chose this client for its time (issue 29).
  const ofClient = input.projectIds.length
    ? sql`(p.client_id = ${input.clientId} OR p.client_id IS NULL)`
    : sql`p.client_id = ${input.clientId}`;
  const { tx } = c;
  const stamp = now.toISOString();
  await tx.execute(
    sql`INSERT INTO invoices (id, workspace_id, client_id, status, document, created_by, created_at, updated_at)
      VALUES (${id}, ${workspaceId}, ${input.clientId}, 'draft', '{}'::jsonb, ${membership.userId}, ${stamp}, ${stamp})`,
  );
  // Reserved once: a log another draft took meanwhile is skipped (ON CONFLICT).
  const reserved = await rows<{ log_id: string }>(
    tx,
    sql`INSERT INTO invoice_logs (workspace_id, log_id, invoice_id)
      SELECT l.workspace_id, l.id, ${id} FROM time_logs l
      JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
      WHERE l.workspace_id = ${workspaceId} AND NOT l.deleted AND ${ofClient}
        AND l.date >= ${input.from} AND l.date <= ${input.to}
        AND coalesce(l.data->>'status', 'approved') = 'approved'
        AND (l.billable_minor > 0 OR l.expense_minor > 0) ${onlyProjects}
        AND coalesce(l.data->>'invoicedElsewhere', 'false') <> 'true'
      ON CONFLICT (workspace_id, log_id) DO NOTHING RETURNING log_id`,
  );
  if (reserved.length === 0) {
    // Nothing to bill: the draft row goes again, so no empty invoice is left behind.
    await tx.execute(sql`DELETE FROM invoices WHERE id = ${id}`);
    return refuse(400, 'This client has no approved, uninvoiced time or expenses in these days.');
  }
  const document = await documentOf(
    tx,
    workspaceId,
    id,
    { from: input.from, to: input.to, currency: settings.currency },
    defaultLayout(
      { name: client.taxName, percent: client.taxPercent },
      settings,
      client.eInvoiceProfile === 'en16931' ? '' : client.buyerReference,
    ),
  );
  await tx.execute(
    sql`UPDATE invoices SET document = ${JSON.stringify(document)}::jsonb WHERE id = ${id}`,
  );
  return {
    ok: true,
    invoice: {
      id,
      clientId: input.clientId,
      status: 'draft',
      number: null,
      issueDate: null,
      dueDate: null,
      document,
    },
  };
}

/** The layout a draft was saved with; drafts made before layouts existed get the default one. */
function layoutOf(
  document: Partial<InvoiceDocument>,
  client: { taxName: string; taxPercent: number },
  settings: { paymentTermsDays: number; note: string },
): DraftLayout {
  return (
    document.layout ?? defaultLayout({ name: client.taxName, percent: client.taxPercent }, settings)
  );
}

/**
 * Saves what a person chose on a draft (grouping, edited and manual lines, discount, taxes,
 * terms, note) and answers the draft as it now reads. Issued and void invoices are not edited.
 */
export async function updateDraft(
  c: Commit,
  membership: Membership,
  id: string,
  layout: DraftLayout,
  now: Date,
): Promise<{ ok: true; invoice: InvoiceView } | Refusal> {
  const workspaceId = membership.workspaceId;
  const { settings } = await invoiceSettingsOf(c.tx, workspaceId);
  const { tx } = c;
  const [draft] = await rows<{ client_id: string; status: string; document: InvoiceDocument }>(
    tx,
    sql`SELECT client_id, status, document FROM invoices
        WHERE id = ${id} AND workspace_id = ${workspaceId} FOR UPDATE`,
  );
  if (!draft) return refuse(404, 'There is no such invoice.');
  if (draft.status !== 'draft')
    return refuse(409, 'An issued invoice is not changed: void it and make a new one.');
  const document = await documentOf(
    tx,
    workspaceId,
    id,
    { from: draft.document.from, to: draft.document.to, currency: settings.currency },
    layout,
  );
  await tx.execute(
    sql`UPDATE invoices SET document = ${JSON.stringify(document)}::jsonb,
        updated_at = ${now.toISOString()} WHERE id = ${id}`,
  );
  return {
    ok: true as const,
    invoice: {
      id,
      clientId: draft.client_id,
      status: 'draft' as const,
      number: null,
      issueDate: null,
      dueDate: null,
      document,
    },
  };
}

/**
 * Issues a draft on `issueDate`: its lines at the logs' amounts now, the next number of its
 * counter (drawn in this transaction, so two issues at once get consecutive numbers and a failed
 * one leaves no gap), the due date from the payment terms, and copies of the seller's and the
 * client's details. From then on its logs cannot change until it is voided.
 */
export async function issueInvoice(
  c: Commit,
  membership: Membership,
  id: string,
  issueDate: string,
  now: Date,
): Promise<{ ok: true; invoice: InvoiceView } | Refusal> {
  const workspaceId = membership.workspaceId;
  const { settings, workspaceName } = await invoiceSettingsOf(c.tx, workspaceId);
  const problem = numberingProblem(settings.numberPattern, settings.counter);
  if (problem) return refuse(409, `Fix the invoice number pattern first: ${problem}`);
  const { tx, version } = c;
  const [draft] = await rows<{ client_id: string; status: string; document: InvoiceDocument }>(
    tx,
    sql`SELECT client_id, status, document FROM invoices
        WHERE id = ${id} AND workspace_id = ${workspaceId} FOR UPDATE`,
  );
  if (!draft) return refuse(404, 'There is no such invoice.');
  if (draft.status !== 'draft') return refuse(409, 'This invoice is already issued.');
  const client = await clientOf(tx, workspaceId, draft.client_id);
  if (!client) return refuse(409, 'The client of this draft was deleted.');
  const document = await documentOf(
    tx,
    workspaceId,
    id,
    { from: draft.document.from, to: draft.document.to, currency: settings.currency },
    layoutOf(draft.document, client, settings),
  );
  if (document.lines.length === 0)
    return refuse(409, 'Nothing is left on this draft to bill: its logs were removed or changed.');
  // Before a number is taken: an invoice under Peppol or XRechnung that could not be sent
  // is not issued (issue 28). The draft's read shows the same answer (issue 47).
  const profile = client.eInvoiceProfile;
  const refusal = issueRefusalOf(
    profile,
    settings,
    client,
    {
      buyerReference: document.layout.buyerReference ?? '',
      orderReference: document.layout.orderReference ?? '',
    },
    combinedPercent(document),
  );
  if (refusal) return { ...refuse(409, refusal.message), fields: refusal.fields };
  const scope = counterScope(settings.counter, issueDate, draft.client_id);
  // The counter's row is locked until this transaction ends: concurrent issues queue here.
  const [counter] = await rows<{ last: number | string }>(
    tx,
    sql`INSERT INTO invoice_counters (workspace_id, scope, last) VALUES (${workspaceId}, ${scope}, 1)
        ON CONFLICT (workspace_id, scope) DO UPDATE SET last = invoice_counters.last + 1
        RETURNING last`,
  );
  const number = formatInvoiceNumber(
    settings.numberPattern,
    Number(counter?.last ?? 1),
    issueDate,
    clientCode(client.name),
  );
  const dueDate = addDays(issueDate, document.layout.paymentTermsDays);
  const frozen: InvoiceDocument = {
    ...document,
    seller: {
      name: settings.companyName || workspaceName,
      address: settings.address,
      taxNumber: settings.taxNumber,
      vatNumber: settings.vatNumber,
      country: settings.country,
      ...(settings.logoId ? { logoId: settings.logoId } : {}),
      ...sellerProfileCopy(settings),
    },
    buyer: {
      name: client.name,
      address: client.address,
      taxNumber: client.taxNumber,
      vatNumber: client.vatNumber,
      email: client.email,
      country: client.country,
      ...nonEmpty({
        city: client.city,
        postCode: client.postCode,
        electronicAddress: client.electronicAddress,
        electronicAddressScheme: client.electronicAddressScheme,
      }),
    },
    ...(profile === 'en16931' ? {} : { profile }),
  };
  await tx.execute(
    sql`UPDATE invoices SET status = 'issued', number = ${number}, issue_date = ${issueDate},
        due_date = ${dueDate}, document = ${JSON.stringify(frozen)}::jsonb,
        issued_at = ${now.toISOString()}, updated_at = ${now.toISOString()} WHERE id = ${id}`,
  );
  await markLogs(tx, id, number, version);
  return {
    ok: true as const,
    invoice: {
      id,
      clientId: draft.client_id,
      status: 'issued' as const,
      number,
      issueDate,
      dueDate,
      document: frozen,
    },
  };
}

/** Only the fields that hold something, so invoices without them keep their old shape. */
const nonEmpty = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== ''));

/** The seller's details of issue 28 as an issued invoice keeps them. */
const sellerProfileCopy = (settings: InvoiceSettings) =>
  nonEmpty({
    city: settings.city,
    postCode: settings.postCode,
    electronicAddress: settings.electronicAddress,
    electronicAddressScheme: settings.electronicAddressScheme,
    contactName: settings.contactName,
    contactPhone: settings.contactPhone,
    contactEmail: settings.contactEmail,
    iban: settings.iban.replace(/\s/g, '').toUpperCase(),
    bic: settings.bic.toUpperCase(),
    paymentInstructions: settings.paymentInstructions,
  });

/**
 * Writes (or, with null, removes) the invoice number on the logs `invoiceId` holds, at the
 * commit's version, so every device pulls it and shows the logs locked (or free again).
 */
async function markLogs(tx: Runner, invoiceId: string, number: string | null, version: number) {
  await tx.execute(
    sql`UPDATE time_logs l SET version = ${version},
        data = CASE WHEN ${number}::text IS NULL THEN l.data - 'invoice'
          ELSE l.data || jsonb_build_object('invoice', ${number}::text) END
      FROM invoice_logs il
      WHERE il.invoice_id = ${invoiceId} AND l.workspace_id = il.workspace_id AND l.id = il.log_id`,
  );
}

/** The credit note that cancels invoice `number`: unique because the invoice number is. */
export const creditNoteNumber = (number: string) => `CN-${number}`;

/** What becomes of the money paid on an invoice that is voided. */
export type Settlement = 'refund' | 'credit';

/**
 * Voids an issued invoice (it stays, with its number, marked void, and a credit note for its
 * whole amount is issued) or deletes a draft; either
 * way its logs are free again: editable, offered to the next invoice, and billed at today's rates.
 * Money paid on it is never lost: the person says whether it is refunded to the client or kept as
 * the client's credit (offered as a payment on its next invoice); the payments stay on the
 * invoice, and the choice is stored with it and audited.
 */
export async function voidInvoice(
  c: Commit,
  membership: Membership,
  id: string,
  now: Date,
  settlement: Settlement | null = null,
): Promise<{ ok: true; status: 'void' | 'deleted' } | Refusal> {
  if (settlement) {
    const refusal = can(membership, 'settlePayments', 'workspace', {});
    if (refusal) return refuse(403, refusal);
  }
  const { tx, version } = c;
  const [found] = await rows<{
    status: string;
    number: string | null;
    client_id: string;
    paid: number | string | null;
  }>(
    tx,
    sql`SELECT status, number, client_id,
          (SELECT sum(p.amount_minor) FROM invoice_payments p WHERE p.invoice_id = i.id) AS paid
        FROM invoices i WHERE id = ${id} AND workspace_id = ${membership.workspaceId} FOR UPDATE`,
  );
  if (!found) return refuse(404, 'There is no such invoice.');
  if (found.status === 'void') return refuse(409, 'This invoice is already void.');
  const paid = Number(found.paid ?? 0);
  if (found.status === 'issued' && paid > 0 && !settlement)
    return refuse(
      409,
      `${(paid / 100).toFixed(2)} has been paid on this invoice: say whether it is refunded to the client or kept as a credit for its next invoice.`,
    );
  if (found.status === 'issued') {
    await markLogs(tx, id, null, version);
    // Free again, its logs follow today's rates, as every log on no invoice does (their
    // amounts were frozen while it held them: src/server/sync/frozen-amounts.ts).
    await recomputeLogAmounts(tx, membership.workspaceId, { invoiceId: id });
  }
  await tx.execute(sql`DELETE FROM invoice_logs WHERE invoice_id = ${id}`);
  if (found.status === 'draft') {
    await tx.execute(sql`DELETE FROM invoices WHERE id = ${id}`);
    return { ok: true as const, status: 'deleted' as const };
  }
  const kept = paid > 0 ? settlement : null;
  await tx.execute(
    sql`UPDATE invoices SET status = 'void', credit_note = ${creditNoteNumber(found.number ?? '')},
        settlement = ${kept}, settled_minor = ${kept ? paid : null},
        voided_at = ${now.toISOString()}, updated_at = ${now.toISOString()} WHERE id = ${id}`,
  );
  if (kept === 'credit')
    await tx.execute(
      sql`INSERT INTO client_credits (id, workspace_id, client_id, from_invoice_id, amount_minor, created_at)
          VALUES (${randomUUID()}, ${membership.workspaceId}, ${found.client_id}, ${id}, ${paid}, ${now.toISOString()})`,
    );
  if (kept)
    await recordAudit(
      tx,
      membership,
      {
        kind: 'invoice',
        recordId: id,
        action: 'update',
        rules: [],
        before: { number: found.number, status: 'issued', paidMinor: paid },
        after: { number: found.number, status: 'void', settlement: kept, settledMinor: paid },
      },
      now,
    );
  return { ok: true as const, status: 'void' as const };
}
