import { sql } from 'drizzle-orm';
import { roles } from '../../../lib/policy/actor';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz } from './columns';

/** A team's shared space; `version` grows by one with every commit that changes it. */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  createdAt: timestamptz('created_at').notNull(),
  /** Whether Managers see rates and amounts of their projects (Admins always, Normal never). */
  managersSeeAmounts: boolean('managers_see_amounts').notNull().default(false),
  /** Every log must name a project and a task (issue 29; src/lib/policy/required-fields.ts). */
  requireProjectAndTask: boolean('require_project_and_task').notNull().default(false),
  /** The IANA time zone that decides "today", weeks and locks (src/lib/workspace-rules.ts). */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** First day of the week, 0 Sunday … 6 Saturday. */
  weekStart: smallint('week_start').notNull().default(1),
  /** Logs dated up to this 'YYYY-MM-DD' are locked for everyone but Admins. */
  lockedUpTo: text('locked_up_to'),
  autoLock: text('auto_lock', { enum: ['daily', 'weekly', 'monthly'] }),
  autoLockGrace: integer('auto_lock_grace').notNull().default(0),
  /** The seller's details, numbering and defaults invoices start from (0015). */
  invoiceSettings: jsonb('invoice_settings')
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** How durations show on screen: 'clock' (1:20) or 'decimal' (1.33) (issue 47). */
  durationFormat: text('duration_format', { enum: ['clock', 'decimal'] })
    .notNull()
    .default('clock'),
});

/** Who belongs to a workspace, with which role, and which team-member record is theirs. */
export const memberships = pgTable(
  'memberships',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The roles as the policy declares them (the migration's CHECK holds the same three).
    role: text('role', { enum: roles }).notNull(),
    memberId: text('member_id'),
    createdAt: timestamptz('created_at').notNull(),
    /** Workspace version when what this member may see last changed; older cookies start over. */
    resetVersion: bigint('reset_version', { mode: 'number' }).notNull().default(0),
    /** The team member is archived: their logs stay, their access ends. */
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('memberships_user_id').on(t.userId),
  ],
);

/** Each person's stopwatch in a workspace (pulled by that person only). */
export const timers = pgTable(
  'timers',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** Invitations to join a workspace as a team member (token hashed, 7 days, once). */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    email: text('email').notNull(),
    secretHash: text('secret_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('invitations_workspace').on(t.workspaceId, t.memberId)],
);

/** Named groups of team members; a Manager who leads one is limited to its members. */
export const teams = pgTable(
  'teams',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

/** Who is in each team, and who leads it. */
export const teamMembers = pgTable(
  'team_members',
  {
    workspaceId: uuid('workspace_id').notNull(),
    teamId: text('team_id').notNull(),
    memberId: text('member_id').notNull(),
    lead: boolean('lead').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.teamId, t.memberId] }),
    foreignKey({
      columns: [t.workspaceId, t.teamId],
      foreignColumns: [teams.workspaceId, teams.id],
    }).onDelete('cascade'),
    index('team_members_member').on(t.workspaceId, t.memberId),
  ],
);
