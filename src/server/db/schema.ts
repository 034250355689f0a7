/**
 * Every table the migrations (migrations.ts) create, declared for drizzle, one file per area under
 * schema/. The migrations stay the source of truth: nothing here changes the database, and
 * tests/server/db-schema.test.ts fails when a declaration and the migrated database differ.
 */
import * as accounts from './schema/accounts';
import * as apiTokens from './schema/api-tokens';
import * as history from './schema/history';
import * as imports from './schema/imports';
import * as invoices from './schema/invoices';
import * as jobsNotices from './schema/jobs-notices';
import * as records from './schema/records';
import * as reports from './schema/reports';
import * as workspaceTables from './schema/workspaces';

export * from './schema/accounts';
export * from './schema/api-tokens';
export * from './schema/history';
export * from './schema/imports';
export * from './schema/invoices';
export * from './schema/jobs-notices';
export * from './schema/records';
export * from './schema/reports';
export * from './schema/workspaces';

/** All tables by their export name, as drizzle is opened with (connect.ts). */
export const schema = {
  ...accounts,
  ...workspaceTables,
  ...records,
  ...history,
  ...invoices,
  ...reports,
  ...jobsNotices,
  ...imports,
  ...apiTokens,
};
