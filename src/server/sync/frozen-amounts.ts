import { sql, type SQL } from 'drizzle-orm';

// Amounts of an invoiced log are frozen like the invoice's copies (issue 25, point 2): while an
// issued invoice holds a log, no rate, rounding or billing change computes its billable time,
// amount or labour cost again, so a report of invoiced time keeps saying what was billed and
// what that work cost. The invoice number on the log (written by issuing, removed by voiding,
// src/server/invoices/invoices.ts) is what holds it; voiding computes the log again at today's
// rates. A log whose amounts were never computed (amounts_stale) has nothing to freeze.

/** The SQL condition, on the time log aliased `l`, of logs whose stored money may be computed. */
export const amountsMayChange: SQL = sql`(l.data->>'invoice' IS NULL OR l.amounts_stale)`;
