import { randomUUID } from 'node:crypto';
import type { MutationResult } from '../../lib/sync/mutations';
import { executeBatch, type BatchOutcome } from '../commands/execute-batch';
import type { Db } from '../db/connect';
import { keepAnswer, keptAnswer, type IdempotencyKey, type WriteAnswer } from './idempotency';
import { readEntry, lockedEtag } from './time-entries';
import type { TokenCaller } from './bearer';

// The public API's writes of time entries (issue 50): each is the catalog's command (addLog,
// editLog, deleteLog) run by executeBatch, the same path a device's push takes: the same
// schema, the same policy, one commit. What this file adds is HTTP's side of a write:
// Idempotency-Key on a create, and If-Match on an update or a delete, both settled in the
// write's own transaction.

export { IDEMPOTENCY_MS, requestHash, type WriteAnswer } from './idempotency';

type Write =
  | { op: 'create'; args: Record<string, unknown>; idempotency?: IdempotencyKey }
  | { op: 'update'; id: string; args: Record<string, unknown>; ifMatch: string[] }
  | { op: 'delete'; id: string; ifMatch: string[] };

const refusalStatus: Record<string, number> = {
  invalid_args: 400,
  unknown_reference: 400,
  unknown_mutation: 400,
  not_found: 404,
  deleted: 404,
  forbidden: 403,
  already_exists: 409,
};

/** A refused command as the answer to send. */
export function refusalAnswer(
  result: Extract<MutationResult, { outcome: 'refused' }>,
): WriteAnswer {
  const status = refusalStatus[result.reason] ?? 400;
  const error =
    status === 404
      ? 'not_found'
      : status === 403
        ? 'forbidden'
        : status === 409
          ? 'already_exists'
          : 'invalid_request';
  return { status, body: { error, message: result.message } };
}

/**
 * What a public write answers once its batch ran: the workspace gone (404), the reason it stopped
 * before its command, or the answer its transaction made.
 */
export function finalAnswer(
  ran: BatchOutcome<unknown, WriteAnswer> | null,
  answer: WriteAnswer | null,
): WriteAnswer {
  if (!ran)
    return {
      status: 404,
      body: { error: 'not_found', message: 'The workspace no longer exists.' },
    };
  if (ran.kind === 'stopped') return ran.stop;
  return (
    answer ?? { status: 400, body: { error: 'invalid_request', message: 'Nothing was written.' } }
  );
}

/**
 * The answer to a create or update that was applied: the record as its writer now reads it, with
 * its ETag (and Location for a create), or 204 when the change took it out of their sight.
 */
export function writtenAnswer(
  op: 'create' | 'update',
  found: { data: unknown; etag: string } | null,
  location: string,
): WriteAnswer {
  if (!found) return { status: 204, body: null };
  return {
    status: op === 'create' ? 201 : 200,
    body: { data: found.data },
    headers: { ETag: found.etag, ...(op === 'create' ? { Location: location } : {}) },
  };
}

/** Whether If-Match's tags name `etag` (or any, with `*`). */
export const matches = (etag: string, given: string[]) =>
  given.some((tag) => tag === '*' || tag === etag || tag === `W/${etag}`);

/** Why the write stops before its command runs, as its answer. */
type Stop = WriteAnswer;

/**
 * Runs one write of a time entry for the token's person. A create with an Idempotency-Key
 * answers a retry (same key, same request, within 24 h) with the first answer, and the same
 * key with another request with 422. An update or delete runs only when If-Match names the
 * entry's current ETag (412 otherwise), read with the workspace locked.
 */
export async function writeEntry(
  db: Db,
  caller: TokenCaller,
  write: Write,
  now: Date,
): Promise<WriteAnswer> {
  const { membership } = caller;
  const id = write.op === 'create' ? randomUUID() : write.id;
  const command =
    write.op === 'create'
      ? { id: 1, name: 'addLog', args: { ...write.args, id } }
      : write.op === 'update'
        ? { id: 1, name: 'editLog', args: { ...write.args, id } }
        : { id: 1, name: 'deleteLog', args: { id } };
  let answer: WriteAnswer | null = null;
  const ran = await executeBatch<null, Stop>(db, membership, [command], now, {
    open: async (tx) => {
      if (write.op === 'create' && write.idempotency) {
        const kept = await keptAnswer(tx, caller.tokenId, write.idempotency, now);
        if (kept) return { ok: false, stop: kept };
      }
      if (write.op !== 'create') {
        const etag = await lockedEtag(tx, membership, write.id);
        if (etag === null)
          return {
            ok: false,
            stop: {
              status: 404,
              body: {
                error: 'not_found',
                message: 'There is no time entry with that id you may see.',
              },
            },
          };
        if (!matches(etag, write.ifMatch))
          return {
            ok: false,
            stop: {
              status: 412,
              body: {
                error: 'precondition_failed',
                message:
                  'This time entry changed since you read it. Read it again, then send your change with its new ETag.',
              },
              headers: { ETag: etag },
            },
          };
      }
      return { ok: true, state: null };
    },
    answered: () => undefined,
    close: async (tx, _state, fresh) => {
      const result = fresh[0]?.result;
      if (!result) return;
      if (result.outcome === 'refused') answer = refusalAnswer(result);
      else if (write.op === 'delete') answer = { status: 204, body: null };
      else {
        const found = await readEntry(tx, membership, id);
        answer = writtenAnswer(
          write.op,
          found && { data: found.entry, etag: found.etag },
          `/api/v1/time-entries/${id}`,
        );
      }
      if (write.op === 'create' && write.idempotency)
        await keepAnswer(tx, caller.tokenId, write.idempotency, answer, now);
    },
  });
  return finalAnswer(ran, answer);
}
