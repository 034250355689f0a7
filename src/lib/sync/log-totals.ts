/**
 * Sums of the figures the server stores with each log (src/server/sync/log-query.ts), as the
 * read endpoints answer them and the browser adds them to its cached logs' figures.
 */
export interface LogTotals {
  logs: number;
  seconds: number;
  billableSeconds: number;
  billableMinor: number;
  costMinor: number;
  expensesMinor: number;
}
