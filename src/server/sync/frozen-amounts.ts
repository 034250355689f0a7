import { sql, type SQL } from 'drizzle-orm';

// Amounts of an invoiced log are frozen like the invoice's copies (issue 25, point 2): while an
// issued invoice holds a log, no rate, rounding or billing change computes its billable time,
// amount or labour cost again, so a report of invoiced time keeps saying what was billed and
// what that work cost. The invoice number on the log (written by issuing, removed by voiding,
// src/server/invoices/invoices.ts) is what holds it; voiding computes the log again at today's
// rates. A log whose amounts were never computed (amounts_stale) has nothing to freeze.

/** The SQL condition, on the time log aliased `l`, of logs whose stored money may be computed. */
export const amountsMayChange: SQL = sql`(l.data->>'invoice' IS NULL OR l.amounts_stale)`;

/**
 * A time log's `data` as devices receive it (the table aliased `at`, '' when not aliased): a log
 * an issued invoice holds carries its frozen figures as `billed` ({ billableSeconds,
 * billableMinor, costMinor }), read from the stored columns, so the browser's logEconomy shows
 * what was billed rather than pricing it at today's rates. Nothing stores `billed`: issuing and
 * voiding bump the log's version (markLogs), so devices hear when it comes and goes, and
 * visibility.ts `redacted` takes it away from those who do not see amounts.
 */
export function logDataForDevices(at = ''): SQL {
  const col = (name: string) => sql.raw(at ? `${at}.${name}` : name);
  return sql`CASE WHEN ${col('data')}->>'invoice' IS NOT NULL AND NOT ${col('amounts_stale')}
    THEN ${col('data')} || jsonb_build_object('billed', jsonb_build_object(
      'billableSeconds', ${col('billable_seconds')}, 'billableMinor', ${col('billable_minor')},
      'costMinor', ${col('cost_minor')}))
    ELSE ${col('data')} END`;
}
