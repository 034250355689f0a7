import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { memberships, workspaces } from '../db/schema';
import type { Membership } from './permissions';
import { writeRecord } from './records';
import { ruleColumns, rulesOf } from './rule-columns';
import { founderRole, seesAmountsAs } from '../../lib/policy';
import { workspaceCurrency } from '../../lib/workspace-defaults';

/** A workspace as the person sees it in the switcher. */
export interface WorkspaceSummary {
  id: string;
  name: string;
  role: Membership['role'];
  memberId: string | null;
}

/**
 * Gives a new account its own workspace, as Admin, with a team-member record for itself (so
 * logs can be billed at its own rates from the first day). Runs inside the sign-up transaction.
 */
export async function createPersonalWorkspace(
  tx: Db,
  user: { id: string; name: string; email: string },
  now: Date,
  name = `${user.name}'s workspace`,
  /** The creator's browser's zone (issue 31); UTC when it did not say. */
  timeZone = 'UTC',
): Promise<string> {
  const workspaceId = randomUUID();
  const memberId = randomUUID();
  await tx.insert(workspaces).values({
    id: workspaceId,
    name,
    version: 1,
    createdAt: now,
    timeZone,
  });
  await writeRecord(
    tx,
    workspaceId,
    'member',
    memberId,
    {
      name: user.name,
      email: user.email,
      LoborRate: 0,
      BillableRate: 0,
      Role: founderRole,
      notes: '',
      status: 'Active',
      autoAddToProjects: false,
    },
    1,
    now,
  );
  await tx.insert(memberships).values({
    workspaceId,
    userId: user.id,
    role: founderRole,
    memberId,
    createdAt: now,
  });
  return workspaceId;
}

/** Every workspace a person belongs to, oldest first. */
export async function workspacesOf(db: Db, userId: string): Promise<WorkspaceSummary[]> {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: memberships.role,
      memberId: memberships.memberId,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(memberships.archived, false)))
    .orderBy(workspaces.createdAt);
}

/** The columns a membership is read from (its row, joined to its workspace's). */
const membershipColumns = {
  userId: memberships.userId,
  role: memberships.role,
  memberId: memberships.memberId,
  resetVersion: memberships.resetVersion,
  archived: memberships.archived,
  ...ruleColumns,
  storedCurrency: sql<string | null>`${workspaces}.invoice_settings->>'currency'`,
  storedCountry: sql<string | null>`${workspaces}.invoice_settings->>'country'`,
};

/** Memberships joined to their workspace, for a `where` to pick from. */
const membershipRows = (db: Db) =>
  db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId));

type MembershipRow = Awaited<ReturnType<typeof membershipRows>>[number];

/** The membership a row holds, or null for an archived member (no access). */
function membershipFrom(workspaceId: string, row: MembershipRow): Membership | null {
  // An archived team member keeps the row (their name stays on their logs) but has no access.
  if (row.archived) return null;
  return {
    workspaceId,
    userId: row.userId,
    role: row.role,
    memberId: row.memberId,
    resetVersion: row.resetVersion,
    seesAmounts: seesAmountsAs(row.role, row.managersSeeAmounts),
    rules: rulesOf(row),
    // Chosen under Invoices, else the workspace's country's (issue 47).
    currency: workspaceCurrency(
      { currency: row.storedCurrency, country: row.storedCountry },
      row.timeZone,
    ),
  };
}

/** The person's membership of a workspace, or null when they are not in it. */
export async function membershipOf(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<Membership | null> {
  const [row] = await membershipRows(db)
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)))
    .limit(1);
  return row ? membershipFrom(workspaceId, row) : null;
}

/**
 * The memberships of several people of one workspace in one read, by user id; someone not in it
 * (or archived) is missing. A poke's delivery reads those of everyone it is about to tell.
 */
export async function membershipsOf(
  db: Db,
  workspaceId: string,
  userIds: readonly string[],
): Promise<Map<string, Membership>> {
  if (userIds.length === 0) return new Map();
  const found = await membershipRows(db).where(
    and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, [...userIds])),
  );
  const byUser = new Map<string, Membership>();
  for (const row of found) {
    const membership = membershipFrom(workspaceId, row);
    if (membership) byUser.set(row.userId, membership);
  }
  return byUser;
}

/** Everyone with access to a workspace (archived members have none), oldest first. */
export async function membershipsIn(db: Db, workspaceId: string): Promise<Membership[]> {
  const found = await membershipRows(db)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.archived, false)))
    .orderBy(memberships.createdAt, memberships.userId);
  return found.flatMap((row) => membershipFrom(workspaceId, row) ?? []);
}

/**
 * Records that what `userId` may see in the workspace changed at `version` (a new role, a
 * project assignment, a team, membership): their devices' next pull starts over, replacing
 * their caches, so rows they may no longer see leave every device (docs/api.md, pull).
 */
export async function markVisibilityChanged(
  tx: Db,
  workspaceId: string,
  userId: string,
  version: number,
): Promise<void> {
  await tx
    .update(memberships)
    .set({ resetVersion: version })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
}

/** How many workspaces one person may hold as Admin of their own making. */
export const MAX_OWN_WORKSPACES = 20;

/**
 * A new workspace with the person as its Admin and first team member (for a second business, or
 * to try things apart from the team's), or null when they already belong to too many.
 */
export async function createWorkspace(
  db: Db,
  user: { id: string; name: string; email: string },
  name: string,
  now: Date,
  timeZone?: string,
): Promise<WorkspaceSummary | null> {
  return db.transaction(async (tx) => {
    // One person creating workspaces from two tabs at once must not pass the limit: their rows
    // are counted under a lock on the person.
    await tx.execute(sql`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.userId, user.id));
    if ((held?.count ?? 0) >= MAX_OWN_WORKSPACES) return null;
    const id = await createPersonalWorkspace(tx, user, now, name, timeZone);
    const [created] = (await workspacesOf(tx, user.id)).filter((w) => w.id === id);
    return created ?? null;
  });
}

/** The workspace's version now (0 when it does not exist). */
export async function workspaceVersion(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ version: workspaces.version })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return Number(row?.version ?? 0);
}
