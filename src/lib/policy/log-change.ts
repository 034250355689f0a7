// What a change to a time log is (issue 48): an addition, an edit, a removal, a submission or a
// review. One answer, read from the stored change itself, for everything that asks: the push's
// check (src/server/sync/permissions.ts asks the policy for this action), and the notices of a
// week submitted or reviewed, whether the change was planned by a named command
// (src/server/sync/apply-command.ts) or sent as a stored change by a bundle from before commands
// (src/server/commands/effects.ts). Three readings of it used to differ: a status sent with
// other fields was an edit to the check and a submission to the notices.
// Not in the policy's barrel: the screens never ask it, and Track's first visit does not
// download the mutation table (issue 29's budget).
import { mutationSpecs } from '../sync/mutations';
import type { LogAction } from './log-policy';

/** What a change does to a log; a review says its decision (none when it only moves a status) and note. */
export type LogChange =
  | { action: Exclude<LogAction, 'review'> }
  | { action: 'review'; decision: 'approve' | 'reject' | null; note: string };

// Fields a review changes: the decision and the note to the log's author.
const reviewFields = new Set(['status', 'reviewNote']);

/**
 * What a stored change with `op` and `fields` (the fields it sets) is: only a status and its note
 * is a submission (`submitted`) or a review (anything else), any other field makes it an edit.
 */
export function logChangeOf(
  op: 'create' | 'update' | 'delete',
  fields: Readonly<Record<string, unknown>>,
): LogChange {
  if (op === 'create') return { action: 'add' };
  if (op === 'delete') return { action: 'delete' };
  const names = Object.keys(fields);
  if (names.length === 0 || !names.every((name) => reviewFields.has(name)))
    return { action: 'edit' };
  const status = fields['status'];
  if (status === 'submitted') return { action: 'submit' };
  const note = typeof fields['reviewNote'] === 'string' ? fields['reviewNote'] : '';
  const decision = status === 'approved' ? 'approve' : status === 'rejected' ? 'reject' : null;
  return { action: 'review', decision, note };
}

/** The logs a list of changes submits, approves, and rejects (by the note the reviewer wrote). */
export interface StatusChanges {
  submitted: string[];
  approved: string[];
  rejected: Map<string, string[]>;
}

export const noStatusChanges = (): StatusChanges => ({
  submitted: [],
  approved: [],
  rejected: new Map(),
});

const record = (value: unknown): Readonly<Record<string, unknown>> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Notes `change`, a stored change as a push carries it, when it submits or decides on a log. */
export function noteStatusChange(into: StatusChanges, change: { name: string; args?: unknown }) {
  const spec = Object.hasOwn(mutationSpecs, change.name)
    ? mutationSpecs[change.name as keyof typeof mutationSpecs]
    : null;
  if (spec?.kind !== 'timeLog' || spec.op !== 'update') return;
  const args = record(change.args);
  const id = args['id'];
  if (typeof id !== 'string') return;
  const what = logChangeOf(spec.op, record(args['changes']));
  if (what.action === 'submit') into.submitted.push(id);
  else if (what.action === 'review' && what.decision === 'approve') into.approved.push(id);
  else if (what.action === 'review' && what.decision === 'reject')
    into.rejected.set(what.note, [...(into.rejected.get(what.note) ?? []), id]);
}

/** The status changes among `changes` (a command's planned steps, say). */
export function statusChangesOf(
  changes: readonly { name: string; args?: unknown }[],
): StatusChanges {
  const found = noStatusChanges();
  for (const change of changes) noteStatusChange(found, change);
  return found;
}
