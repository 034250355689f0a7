import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connect';
import { createDraft, issueInvoice } from './invoice-commands';
import type { Membership } from '../../src/server/sync/permissions';
import { rows } from '../../src/server/sync/records';
import { membershipOf } from '../../src/server/sync/workspaces';

/** The membership of the account with `email` in `workspaceId`, for calling invoice code directly. */
export async function membershipByEmail(
  database: Database,
  email: string,
  workspaceId: string,
): Promise<Membership> {
  const [user] = await rows<{ id: string }>(
    database.db,
    sql`SELECT id FROM users WHERE email = ${email}`,
  );
  const membership = await membershipOf(database.db, user?.id ?? '', workspaceId);
  if (!membership) throw new Error(`${email} is not a member of ${workspaceId}`);
  return membership;
}

/** Drafts the client's uninvoiced time of `from`–`to` and issues it on `issueDate`. */
export async function issueFor(
  database: Database,
  membership: Membership,
  range: { clientId: string; from: string; to: string },
  issueDate: string,
  now: Date,
) {
  const draft = await createDraft(database.db, membership, { ...range, projectIds: [] }, now);
  if (!draft.ok) throw new Error(draft.message);
  const issued = await issueInvoice(database.db, membership, draft.invoice.id, issueDate, now);
  if (!issued.ok) throw new Error(issued.message);
  return issued.invoice;
}
