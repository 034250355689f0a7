import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts. `email` is stored trimmed and lower-cased, so it is unique case-insensitively. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Sessions: a public handle (`id`) and the SHA-256 of the secret; never the secret itself.
 * `persistent` is 'Remember me': 30 days from last use, otherwise hours.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    persistent: boolean('persistent').notNull().default(true),
  },
  (t) => [index('sessions_user_id').on(t.userId), index('sessions_expires_at').on(t.expiresAt)],
);

/**
 * Throttle state per key, kept in the database so every server process sees the same counts:
 * `hits` since the key was last quiet for a whole window, and when the next attempt may run.
 */
export const throttle = pgTable(
  'throttle',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_last_at').on(t.lastAt)],
);

/** Browsers that signed in to an account before: a random id and the SHA-256 of a secret. */
export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('devices_user_id').on(t.userId), index('devices_last_used_at').on(t.lastUsedAt)],
);

/** A team's shared space; `version` grows by one with every push that changes it. */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
  /** How durations show on screen: 'clock' (1:20) or 'decimal' (1.33) (issue 47). */
  durationFormat: text('duration_format', { enum: ['clock', 'decimal'] })
    .notNull()
    .default('clock'),
});

/** Changes to logs a rule protects (locked, approved, invoiced): who, when, before and after. */
/** One command the one commit applied (src/server/commit/commit.ts), at the version it wrote. */
export const changeLog = pgTable(
  'change_log',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the entry still names the person after their account is gone. */
    userName: text('user_name').notNull(),
    command: text('command').notNull(),
    /** The records it touched: `[{ kind, id }]`. */
    records: jsonb('records').notNull(),
    /** What it was given, long text shortened. */
    details: jsonb('details'),
  },
  (t) => [index('change_log_workspace_version').on(t.workspaceId, t.version)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the entry still names the person after their account is gone. */
    userName: text('user_name').notNull(),
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    /** The rules the log was under, comma-separated: 'locked', 'approved', 'invoiced'. */
    rules: text('rules').notNull(),
    /** Why a person made the change, when they were asked (payment corrections, issue 27). */
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_workspace_at').on(t.workspaceId, t.at)],
);

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
    role: text('role', { enum: ['Admin', 'Manager', 'Normal'] }).notNull(),
    memberId: text('member_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** A browser pushing for one account and workspace, and the last mutation applied from it. */
export const syncClients = pgTable('sync_clients', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
});

/** What each recent mutation of a client came to, so a retried push gets the same answer. */
export const mutationResults = pgTable(
  'mutation_results',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => syncClients.id, { onDelete: 'cascade' }),
    mutationId: bigint('mutation_id', { mode: 'number' }).notNull(),
    result: jsonb('result').notNull(),
    /** SHA-256 of the mutation's name and arguments (null for results stored before 0020). */
    fingerprint: text('fingerprint'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] })],
);

/** Messages from /support; `mail_outcome` says whether SUPPORT_EMAIL got them (sent/off/failed). */
export const supportMessages = pgTable('support_messages', {
  id: uuid('id').primaryKey(),
  topic: text('topic').notNull(),
  message: text('message').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  mailOutcome: text('mail_outcome').notNull(),
});

/** Password-reset links: handle, SHA-256 of the secret, one hour, once (`used_at`). */
export const passwordResets = pgTable('password_resets', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Invitations to join a workspace as a team member (token hashed, 7 days, once). */
export const invitations = pgTable('invitations', {
  id: text('id').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  memberId: text('member_id').notNull(),
  email: text('email').notNull(),
  secretHash: text('secret_hash').notNull(),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const schema = {
  users,
  sessions,
  throttle,
  devices,
  workspaces,
  memberships,
  timers,
  syncClients,
  mutationResults,
  supportMessages,
  passwordResets,
  invitations,
};

/** Named groups of team members; a Manager who leads one is limited to its members. */
export const teams = pgTable(
  'teams',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
    index('team_members_member').on(t.workspaceId, t.memberId),
  ],
);
