import { sql } from 'drizzle-orm';
import type { MutationResult, RefusalCode } from '../../lib/sync/mutations';
import { mutationSpecOf, serverKindOf } from '../records/kinds';
import type { WriteContext } from '../records/kind';
import {
  findRecord,
  liveIds,
  markDeleted,
  writeRecord,
  type Fields,
  type KindName,
  type Runner,
  type StoredRecord,
} from './records';
import { recomputeLogAmounts, scopeOfChange, type LogScope } from './amounts';
import { resetVisibility } from './membership-sync';
import { refusalOf, runRefusalOf, type Membership } from './permissions';
import { recordGuardProblem } from './record-guards';

/** Where a mutation runs: the workspace, the person, the version it writes and the clock. */
export interface ApplyContext {
  runner: Runner;
  membership: Membership;
  version: number;
  now: Date;
  /**
   * Collects the logs whose money the mutation changes, for the push to compute once at its
   * end (recomputeTouched); without it they are computed at once.
   */
  touched?: LogScope[];
  /** Collects the records each applied mutation wrote, for the change history. */
  records?: { kind: string; id: string }[];
}

type Refusal = { reason: RefusalCode; message: string };

// Messages may quote what was received; they are stored (jsonb) and shown, so anything that
// cannot be stored is replaced and the length is bounded.
const unprintable =
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced.
  /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const refuse = (reason: RefusalCode, message: string): Refusal => ({
  reason,
  message: message.replace(unprintable, '\uFFFD').slice(0, 300),
});

/** How messages name one record of a kind ("team member"). */
const labelOf = (kind: KindName) => serverKindOf(kind).description.label;

/** Refuses fields that point at records this workspace does not have (or has deleted). */
async function checkReferences(
  ctx: ApplyContext,
  kind: KindName,
  fields: Fields,
): Promise<Refusal | null> {
  // Which fields name other records, and of which kind, is the kind's description's to say.
  for (const [field, target] of Object.entries(serverKindOf(kind).description.references)) {
    const value = fields[field];
    const ids = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
    if (ids.length === 0) continue;
    const live = await liveIds(ctx.runner, ctx.membership.workspaceId, target, [...new Set(ids)]);
    const missing = ids.find((id) => !live.has(id));
    if (missing !== undefined)
      return refuse(
        'unknown_reference',
        `The ${labelOf(target)} this ${labelOf(kind)} refers to (${field}) does not exist in this workspace.`,
      );
  }
  return null;
}

/** Writes a create, update or delete the person may make (references checked first). */
async function writeChange(
  ctx: ApplyContext,
  kind: KindName,
  op: 'create' | 'update' | 'delete',
  args: { id: string; fields?: Fields; changes?: Fields; createdAt?: string },
  existing: StoredRecord | null,
): Promise<Refusal | null> {
  const { runner, membership, version, now } = ctx;
  const what = labelOf(kind);
  if (op === 'create') {
    if (existing && !existing.deleted)
      return refuse('already_exists', `A ${what} with this id already exists.`);
    const fields = args.fields ?? {};
    const broken = await checkReferences(ctx, kind, fields);
    if (broken) return broken;
    // A claimed creation time is kept when it is in the past; the future is not believable.
    const claimed = args.createdAt ? new Date(args.createdAt) : now;
    const createdAt = claimed.getTime() <= now.getTime() ? claimed : now;
    await writeRecord(
      runner,
      membership.workspaceId,
      kind,
      args.id,
      fields,
      version,
      now,
      createdAt,
    );
    return null;
  }
  if (!existing) return refuse('not_found', `This ${what} does not exist in this workspace.`);
  if (existing.deleted)
    return refuse('deleted', `This ${what} was deleted, so the change could not be saved.`);
  if (op === 'delete') {
    await markDeleted(runner, membership.workspaceId, kind, args.id, version, now);
    return null;
  }
  // Field-level last writer wins, in push order: only the fields this change names are written.
  const changes = args.changes ?? {};
  const broken = await checkReferences(ctx, kind, changes);
  if (broken) return broken;
  await writeRecord(
    runner,
    membership.workspaceId,
    kind,
    args.id,
    { ...existing.data, ...changes },
    version,
    now,
  );
  return null;
}

/** Checks the person may make the change, writes it, and lets memberships follow it. */
async function applyRecord(
  ctx: ApplyContext,
  kind: KindName,
  op: 'create' | 'update' | 'delete',
  args: { id: string; fields?: Fields; changes?: Fields; createdAt?: string },
): Promise<Refusal | null> {
  const { runner, membership, version } = ctx;
  const existing = await findRecord(runner, membership.workspaceId, kind, args.id);
  const live = op !== 'create' && existing && !existing.deleted ? existing : null;
  const asked = args.fields ?? args.changes ?? {};
  const forbidden = await refusalOf(
    runner,
    membership,
    { kind, op, fields: asked, existing: live },
    ctx.now,
  );
  if (forbidden) return refuse('forbidden', forbidden);
  const guarded = await recordGuardProblem(
    runner,
    membership,
    { kind, op, existing, id: args.id },
    ctx.now,
  );
  if (guarded) return refuse('forbidden', guarded);
  const after = { ...(live?.data ?? {}), ...asked };
  // What is special about a kind (the last Admin, the audit log, logs pending when approval
  // starts, a person's access following their member record) is its hooks'.
  const { beforeWrite, afterWrite, movesVisibility } = serverKindOf(kind);
  const write: WriteContext = {
    runner,
    membership,
    version,
    now: ctx.now,
    op,
    id: args.id,
    fields: asked,
    live,
    existing,
    after,
    touched: (touchedKind, ids) =>
      ctx.records?.push(...ids.map((id) => ({ kind: touchedKind, id }))),
  };
  const problem = beforeWrite ? await beforeWrite(write) : null;
  if (problem) return refuse('forbidden', problem);
  const refusal = await writeChange(ctx, kind, op, args, existing);
  if (refusal) return refusal;
  if (afterWrite) await afterWrite(write);
  // A change that moves rows between what people may see makes their next pulls start over.
  if (op === 'update' && movesVisibility?.(asked))
    await resetVisibility(runner, membership.workspaceId, version);
  return null;
}

async function applyTimer(ctx: ApplyContext, timer: Fields): Promise<null> {
  const { runner, membership, version, now } = ctx;
  await runner.execute(sql`
    INSERT INTO timers (workspace_id, user_id, data, version, updated_at)
    VALUES (${membership.workspaceId}, ${membership.userId}, ${JSON.stringify(timer)}::jsonb, ${version}, ${now.toISOString()})
    ON CONFLICT (workspace_id, user_id) DO UPDATE SET data = EXCLUDED.data, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at`);
  return null;
}

/**
 * Runs one named mutation authoritatively: checks its name, its arguments against the strict
 * write schema, the caller's permission and the records it touches, then writes. Whatever is
 * refused comes back as a reason; nothing here throws for bad input.
 */
export async function applyMutation(
  ctx: ApplyContext,
  mutation: { id: number; name: string; args?: unknown },
): Promise<MutationResult> {
  const refused = (r: Refusal): MutationResult => ({ id: mutation.id, outcome: 'refused', ...r });
  const spec = mutationSpecOf(mutation.name);
  if (!spec)
    return refused(
      refuse('unknown_mutation', `There is no change called "${mutation.name.slice(0, 60)}".`),
    );
  const parsed = spec.args.safeParse(mutation.args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'arguments';
    return refused(refuse('invalid_args', `${where}: ${issue?.message ?? 'invalid'}`));
  }
  if (spec.op === 'set') {
    const { timer } = parsed.data as { timer: Fields };
    const forbidden = await runRefusalOf(ctx.runner, ctx.membership, timer, ctx.now);
    if (forbidden) return refused(refuse('forbidden', forbidden));
    await applyTimer(ctx, timer);
    ctx.records?.push({ kind: 'timer', id: ctx.membership.userId });
    return { id: mutation.id, outcome: 'ok' };
  }
  const args = parsed.data as { id: string; fields?: Fields; changes?: Fields; createdAt?: string };
  const refusal = await applyRecord(ctx, spec.kind, spec.op, args);
  if (refusal) return refused(refusal);
  ctx.records?.push({ kind: spec.kind, id: args.id });
  // The money of every log this change touches is computed again in the same transaction.
  const scope = scopeOfChange(spec.kind, spec.op, args.id, args.changes ?? args.fields ?? {});
  if (scope && ctx.touched) ctx.touched.push(scope);
  else if (scope) await recomputeLogAmounts(ctx.runner, ctx.membership.workspaceId, scope);
  return { id: mutation.id, outcome: 'ok' };
}
