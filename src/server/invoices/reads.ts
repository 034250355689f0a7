import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import { rows } from '../sync/records';
import {
  standing,
  type InvoiceStatus,
  type InvoiceSummary,
  type UninvoicedClient,
  type WaitingForApproval,
  type UninvoicedProject,
} from '../../lib/invoice-status';
import { logPeriodOf, storedDocument, type InvoiceDocument } from './document';
import type { InvoiceView } from './invoices';
import { draftIssueRefusal } from './issue-check';
import { creditsOf } from './payment-corrections';
import type { IssueRefusal } from '../../lib/issue-refusal';
import { paymentsOf, type Payment } from './payments';
import { refuse, type Refusal } from './refusals';
import { currencyOf } from '../../lib/money';

// What the Invoices and Uninvoiced screens read. Who may read them is the handler's named read
// ('invoices' in src/lib/commands/workspace-reads.ts), asked of the policy before these run.

/** Every invoice of the workspace, newest first. */
export async function invoicesOf(
  db: Db,
  membership: Membership,
  today: string,
): Promise<{ ok: true; invoices: InvoiceSummary[] }> {
  const found = await rows<{
    id: string;
    client_id: string;
    client_name: string | null;
    status: 'draft' | 'issued' | 'void';
    number: string | null;
    issue_date: string | null;
    due_date: string | null;
    total: number | string | null;
    paid: number | string | null;
    currency: string | null;
  }>(
    db,
    sql`SELECT i.id, i.client_id, coalesce(i.document->'buyer'->>'name', c.data->>'name') AS client_name,
        i.status, i.number, i.issue_date, i.due_date, i.document->>'totalMinor' AS total,
        i.document->>'currency' AS currency,
        (SELECT sum(p.amount_minor) FROM invoice_payments p WHERE p.invoice_id = i.id) AS paid
      FROM invoices i LEFT JOIN clients c ON c.workspace_id = i.workspace_id AND c.id = i.client_id
      WHERE i.workspace_id = ${membership.workspaceId}
      ORDER BY i.created_at DESC, i.number DESC NULLS FIRST, i.id`,
  );
  return {
    ok: true,
    invoices: found.map((r) => ({
      id: r.id,
      clientId: r.client_id,
      clientName: r.client_name ?? '',
      status: standing(r.status, Number(r.total ?? 0), Number(r.paid ?? 0), r.due_date, today),
      number: r.number,
      issueDate: r.issue_date,
      dueDate: r.due_date,
      totalMinor: Number(r.total ?? 0),
      paidMinor: Number(r.paid ?? 0),
      currency: currencyOf(r.currency),
    })),
  };
}

/** One invoice with its document. */
export async function invoiceOf(
  db: Db,
  membership: Membership,
  id: string,
  today: string,
): Promise<
  | {
      ok: true;
      invoice: InvoiceView & {
        clientName: string;
        standing: InvoiceStatus;
        payments: Payment[];
        paidMinor: number;
        /** The credit note that cancelled it, once void. */
        creditNote: { number: string; issuedAt: string } | null;
        /** What became of the money paid on it when it was voided. */
        settlement: { kind: 'refund' | 'credit'; amountMinor: number } | null;
        /** The client's credit left from voided invoices, offered as a payment (issued only). */
        clientCreditMinor: number;
        /**
         * A draft only: why Issue would refuse it now, as Issue says it (issue 47); null when it
         * would not.
         */
        issueRefusal: IssueRefusal | null;
      };
    }
  | Refusal
> {
  const [found] = await rows<{
    client_id: string;
    client_name: string | null;
    status: 'draft' | 'issued' | 'void';
    number: string | null;
    issue_date: string | null;
    due_date: string | null;
    document: InvoiceDocument;
    credit_note: string | null;
    voided_at: string | Date | null;
    settlement: 'refund' | 'credit' | null;
    settled_minor: number | string | null;
  }>(
    db,
    sql`SELECT i.client_id, coalesce(i.document->'buyer'->>'name', c.data->>'name') AS client_name,
        i.status, i.number, i.issue_date, i.due_date, i.document, i.credit_note, i.voided_at,
        i.settlement, i.settled_minor
      FROM invoices i LEFT JOIN clients c ON c.workspace_id = i.workspace_id AND c.id = i.client_id
      WHERE i.workspace_id = ${membership.workspaceId} AND i.id = ${id}`,
  );
  if (!found) return refuse(404, 'There is no such invoice.');
  // A draft stored before issue 47 states its logs' days, as it will once saved again.
  const legacyDraft = found.status === 'draft' && !('period' in found.document);
  const logPeriod = legacyDraft ? await logPeriodOf(db, membership.workspaceId, id) : null;
  const payments = await paymentsOf(db, id);
  const paidMinor = payments.reduce((sum, p) => sum + p.amountMinor, 0);
  const credits =
    found.status === 'issued' ? await creditsOf(db, membership.workspaceId, found.client_id) : [];
  const document = storedDocument(found.document, logPeriod);
  const issueRefusal =
    found.status === 'draft'
      ? await draftIssueRefusal(db, membership.workspaceId, found.client_id, document)
      : null;
  return {
    ok: true,
    invoice: {
      id,
      clientId: found.client_id,
      clientName: found.client_name ?? '',
      status: found.status,
      standing: standing(found.status, found.document.totalMinor, paidMinor, found.due_date, today),
      payments,
      paidMinor,
      number: found.number,
      issueDate: found.issue_date,
      dueDate: found.due_date,
      document,
      creditNote: found.credit_note
        ? { number: found.credit_note, issuedAt: new Date(found.voided_at ?? 0).toISOString() }
        : null,
      settlement: found.settlement
        ? { kind: found.settlement, amountMinor: Number(found.settled_minor ?? 0) }
        : null,
      clientCreditMinor: credits.reduce((sum, c) => sum + c.leftMinor, 0),
      issueRefusal,
    },
  };
}

/** One credit a voided invoice left a client, and what is left of it (issue 27). */
export interface ClientCredit {
  clientId: string;
  /** The voided invoice and the credit note that cancelled it. */
  invoiceId: string;
  invoiceNumber: string;
  creditNote: string;
  amountMinor: number;
  leftMinor: number;
  currency: string;
  createdAt: string;
}

/**
 * Every credit voided invoices left the workspace's clients (or one client's), oldest first,
 * used up or not, so a client's screen can say what it has and where it came from.
 */
export async function clientCreditsOf(
  db: Db,
  membership: Membership,
  clientId: string | null,
): Promise<{ ok: true; credits: ClientCredit[] }> {
  const onlyClient = clientId ? sql`AND c.client_id = ${clientId}` : sql``;
  const found = await rows<{
    client_id: string;
    invoice_id: string;
    number: string | null;
    credit_note: string | null;
    amount_minor: number | string;
    used_minor: number | string;
    currency: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT c.client_id, c.from_invoice_id AS invoice_id, i.number, i.credit_note,
        c.amount_minor, c.used_minor, i.document->>'currency' AS currency, c.created_at
      FROM client_credits c JOIN invoices i ON i.id = c.from_invoice_id
      WHERE c.workspace_id = ${membership.workspaceId} ${onlyClient}
      ORDER BY c.created_at, c.id`,
  );
  return {
    ok: true,
    credits: found.map((c) => ({
      clientId: c.client_id,
      invoiceId: c.invoice_id,
      invoiceNumber: c.number ?? '',
      creditNote: c.credit_note ?? '',
      amountMinor: Number(c.amount_minor),
      leftMinor: Number(c.amount_minor) - Number(c.used_minor),
      currency: currencyOf(c.currency),
      createdAt: new Date(c.created_at).toISOString(),
    })),
  };
}

/**
 * Per client, the approved billable time and expenses not on any invoice (nor invoiced in another
 * tool before an import, issue 32), by project; and apart,
 * the projects without a client (issue 29), which no invoice takes until a client is chosen for
 * them on a draft (createDraft with their ids).
 */
export async function uninvoicedOf(
  db: Db,
  membership: Membership,
  range: { from: string; to: string },
): Promise<{
  ok: true;
  clients: UninvoicedClient[];
  withoutClient: UninvoicedProject[];
  waitingForApproval: WaitingForApproval;
  /** The first day in the range with something to bill, so "up to today" starts there. */
  firstDay: string | null;
}> {
  const found = await rows<{
    client_id: string | null;
    client_name: string | null;
    project_id: string;
    project_name: string | null;
    logs: number | string;
    billable_seconds: number | string;
    billable_minor: number | string;
    expense_minor: number | string;
    first_day: string;
  }>(
    db,
    // A project whose client was deleted stays out, as before; one without a client is listed apart.
    sql`SELECT p.client_id, c.data->>'name' AS client_name, l.project_id, p.data->>'projectName' AS project_name,
        count(*) AS logs, to_char(min(l.date), 'YYYY-MM-DD') AS first_day, sum(l.billable_seconds) AS billable_seconds,
        sum(l.billable_minor) AS billable_minor, sum(l.expense_minor) AS expense_minor
      FROM time_logs l
      JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
      LEFT JOIN clients c ON c.workspace_id = p.workspace_id AND c.id = p.client_id AND NOT c.deleted
      WHERE l.workspace_id = ${membership.workspaceId} AND NOT l.deleted
        AND (c.id IS NOT NULL OR p.client_id IS NULL)
        AND l.date >= ${range.from} AND l.date <= ${range.to}
        AND coalesce(l.data->>'status', 'approved') = 'approved'
        AND (l.billable_minor > 0 OR l.expense_minor > 0)
        AND NOT EXISTS (SELECT 1 FROM invoice_logs il WHERE il.workspace_id = l.workspace_id AND il.log_id = l.id)
        AND coalesce(l.data->>'invoicedElsewhere', 'false') <> 'true'
      GROUP BY p.client_id, c.data->>'name', l.project_id, p.data->>'projectName'
      ORDER BY c.data->>'name', p.data->>'projectName'`,
  );
  const clients = new Map<string, UninvoicedClient>();
  const withoutClient: UninvoicedProject[] = [];
  let firstDay: string | null = null;
  for (const r of found) {
    if (firstDay === null || r.first_day < firstDay) firstDay = r.first_day;
    const project: UninvoicedProject = {
      projectId: r.project_id,
      projectName: r.project_name ?? '',
      logs: Number(r.logs),
      billableSeconds: Number(r.billable_seconds),
      billableMinor: Number(r.billable_minor),
      expensesMinor: Number(r.expense_minor),
    };
    if (r.client_id === null) {
      withoutClient.push(project);
      continue;
    }
    const client = clients.get(r.client_id) ?? {
      clientId: r.client_id,
      clientName: r.client_name ?? '',
      projects: [],
    };
    client.projects.push(project);
    clients.set(r.client_id, client);
  }
  // Credit a voided invoice left (issue 27), shown with the client it will pay for.
  const credits = await rows<{ client_id: string; left: number | string }>(
    db,
    sql`SELECT client_id, sum(amount_minor - used_minor) AS left FROM client_credits
      WHERE workspace_id = ${membership.workspaceId} GROUP BY client_id`,
  );
  for (const c of credits) {
    const client = clients.get(c.client_id);
    if (client && Number(c.left) > 0) client.creditMinor = Number(c.left);
  }
  return {
    ok: true,
    clients: [...clients.values()],
    withoutClient,
    firstDay,
    waitingForApproval: await waitingForApprovalOf(db, membership.workspaceId, range),
  };
}

/**
 * The billable time in the days that Uninvoiced leaves out only because it is not approved yet
 * (issue 47: imported history arrived pending and silently went missing from Uninvoiced), with
 * the same conditions otherwise: a live project and client, money to bill, no invoice holding it.
 */
async function waitingForApprovalOf(
  db: Db,
  workspaceId: string,
  range: { from: string; to: string },
): Promise<WaitingForApproval> {
  const [found] = await rows<{
    logs: number | string;
    billable_seconds: number | string | null;
    billable_minor: number | string | null;
    first_day: string | null;
  }>(
    db,
    sql`SELECT count(*) AS logs, sum(l.billable_seconds) AS billable_seconds, sum(l.billable_minor) AS billable_minor,
        to_char(min(l.date), 'YYYY-MM-DD') AS first_day
      FROM time_logs l
      JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
      LEFT JOIN clients c ON c.workspace_id = p.workspace_id AND c.id = p.client_id AND NOT c.deleted
      WHERE l.workspace_id = ${workspaceId} AND NOT l.deleted
        AND (c.id IS NOT NULL OR p.client_id IS NULL)
        AND l.date >= ${range.from} AND l.date <= ${range.to}
        AND coalesce(l.data->>'status', 'approved') <> 'approved'
        AND (l.billable_minor > 0 OR l.expense_minor > 0)
        AND NOT EXISTS (SELECT 1 FROM invoice_logs il WHERE il.workspace_id = l.workspace_id AND il.log_id = l.id)
        AND coalesce(l.data->>'invoicedElsewhere', 'false') <> 'true'`,
  );
  return {
    logs: Number(found?.logs ?? 0),
    billableSeconds: Number(found?.billable_seconds ?? 0),
    billableMinor: Number(found?.billable_minor ?? 0),
    firstDay: found?.first_day ?? null,
  };
}
