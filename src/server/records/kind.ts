import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RecordKindDescription } from '../../lib/records/kind';
import type { LogScope } from '../sync/amounts';
import type { Membership } from '../sync/permissions';
import type { Fields, Runner, StoredRecord } from '../sync/records';
import type { Viewer } from '../sync/visibility';
import type { ProjectFacts, TaskFacts } from '../../lib/policy';

/**
 * The server's part of a record kind (issue 48): where it is kept, who receives which of its
 * rows and fields, which question of the policy a change to it asks, and its special behaviour
 * as named hooks. The browser's part is the kind's description (src/lib/records/kinds); the
 * generic code of src/server/sync (records, visibility, permissions, apply, page-rows,
 * viewer-changes, amounts, membership-sync) reads these and never asks which kind it holds.
 */

export type Op = 'create' | 'update' | 'delete';

/** A field of `table` (aliased or not) in SQL. */
export type Column = (name: string) => SQL;

/** What a visibility rule is given: the viewer, its table's columns, and shared conditions. */
export interface VisibilityParts {
  viewer: Viewer;
  col: Column;
  /** `FROM projects vp WHERE …` the viewer's projects (append `AND …`, select `vp.…`). */
  theirProjects: SQL;
  /** Of others, a Manager who leads teams sees only their teams' members. */
  inMyTeams: (column: SQL) => SQL;
  /** `whenTrue` for viewers who may lead teams (the policy's `mayLeadTeams`), else `whenFalse`. */
  ifMayLeadTeams: (whenTrue: SQL, whenFalse: SQL) => SQL;
}

/**
 * Fields a reader is not sent: emptied (sent as these values) or dropped (left out), unless the
 * policy says the reader sees every row (`seesEveryRow`) or, for amounts, sees amounts.
 */
export interface HiddenFields {
  /** The policy's question whose "yes" lets a reader see them. */
  unless: 'seesEveryRow' | 'seesAmounts';
  emptied?: Fields;
  dropped?: string[];
}

/** A change a person asks for, as the kind's policy question is put. */
export interface KindChange {
  actor: Membership;
  op: Op;
  /** The fields asked for (all of a create, the changed ones of an update). */
  fields: Fields;
  before: Fields | null;
  /** The record as it would be (null for a delete). */
  after: Fields | null;
  /** Live projects and tasks, read once per change, as the policy's facts. */
  read: {
    project: (id: unknown) => Promise<ProjectFacts | null>;
    task: (id: unknown) => Promise<TaskFacts | null>;
  };
  /** The actor with the members of the teams they lead, read when someone else's record is at stake. */
  withTeamMembers: () => Promise<Membership>;
  now: Date;
}

/** Where a written change stands, for the hooks that run before and after the write. */
export interface WriteContext {
  runner: Runner;
  membership: Membership;
  version: number;
  now: Date;
  op: Op;
  id: string;
  /** The fields asked for. */
  fields: Fields;
  /** The record before (null when new or deleted) and after (what is written). */
  live: StoredRecord | null;
  existing: StoredRecord | null;
  after: Fields;
  /** Records the write touched besides this one, for the change history. */
  touched: (kind: string, ids: string[]) => void;
}

export interface ServerKind {
  /** The browser's part: name, label, stored fields, mutations, commands, references. */
  description: RecordKindDescription;
  /** The strict write schema (what a create or update may set). */
  fields: z.AnyZodObject;
  /** The table its rows are kept in (workspace_id, id, data, version, deleted, timestamps). */
  table: string;
  /** Typed columns kept beside `data` for joins and sums, from the record's fields. */
  columns: (data: Fields) => Record<string, unknown>;
  /** Which rows a reader who does not see every row (the policy's `seesEveryRow`) receives. */
  visibleTo: (parts: VisibilityParts) => SQL;
  /** Fields some readers are not sent (visibility.ts `redaction`). */
  hidden: readonly HiddenFields[];
  /** Fields that hold rates: setting one asks the policy's `setRates` too. */
  rateFields?: readonly string[];
  /** Why the person may not make the change (the policy's words), or null: which question it asks. */
  refusal: (change: KindChange) => Promise<string | null> | string | null;
  /** Hook: why a live record may not be deleted because of what stands on it, or null. */
  guardDelete?: (runner: Runner, workspaceId: string, id: string) => Promise<string | null>;
  /** Hook: a refusal only the stored state can tell (the last Admin), before writing. */
  beforeWrite?: (ctx: WriteContext) => Promise<string | null>;
  /** Hook: what follows a write (the audit log, pending logs, a person's access). */
  afterWrite?: (ctx: WriteContext) => Promise<void>;
  /** Hook: whether an update moves rows between what people may see (their pulls start over). */
  movesVisibility?: (changed: Fields) => boolean;
  /** Hook: the logs whose money a write changes, or null. */
  moneyScope?: (op: Op, id: string, changed: Fields) => LogScope | null;
  /** Hook: the row's `data` as devices receive it (at: the table's alias, '' for none). */
  deviceData?: (at: string) => SQL;
  /** Hook: a flag that tells a row's JSON apart beyond its version (the page cache's key). */
  pageFlag?: SQL;
  /** Hook: on a first pull, only rows from this day on (the browser's cache window). */
  firstPullFrom?: (day: string) => SQL;
  /** Whether its records label time logs (read with every export and log read). */
  labelsLogs?: boolean;
}
