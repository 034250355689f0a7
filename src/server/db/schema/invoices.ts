import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea, timestamptz } from './columns';
import { workspaces } from './workspaces';

/**
 * Invoices (issue 14): a draft reserves its logs (`invoice_logs`); issuing draws the next number
 * and freezes `document`; voiding issues a credit note and says what became of any payments.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    status: text('status').notNull().default('draft'),
    number: text('number'),
    issueDate: text('issue_date'),
    dueDate: text('due_date'),
    document: jsonb('document').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    issuedAt: timestamptz('issued_at'),
    voidedAt: timestamptz('voided_at'),
    creditNote: text('credit_note'),
    settlement: text('settlement', { enum: ['refund', 'credit'] }),
    settledMinor: bigint('settled_minor', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('invoices_number')
      .on(t.workspaceId, t.number)
      .where(sql`number IS NOT NULL`),
    index('invoices_workspace').on(t.workspaceId, t.status),
  ],
);

/** The last number issued per workspace and numbering scope: no gaps, no repeats. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.scope] })],
);

/** The invoice each log is on (one at a time). */
export const invoiceLogs = pgTable(
  'invoice_logs',
  {
    workspaceId: uuid('workspace_id').notNull(),
    logId: text('log_id').notNull(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.logId] }),
    index('invoice_logs_invoice').on(t.invoiceId),
  ],
);

/** Money a client is owed back as credit after a voided invoice (issue 27). */
export const clientCredits = pgTable(
  'client_credits',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    fromInvoiceId: text('from_invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    usedMinor: bigint('used_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('client_credits_client').on(t.workspaceId, t.clientId)],
);

/** Payments received against an issued invoice; one made from a credit names it. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paidOn: text('paid_on').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    creditId: text('credit_id').references((): AnyPgColumn => clientCredits.id),
  },
  (t) => [index('invoice_payments_invoice').on(t.invoiceId)],
);

/** Invoice logos by the SHA-256 of their bytes, so a new logo never changes an issued invoice. */
export const invoiceLogos = pgTable(
  'invoice_logos',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
