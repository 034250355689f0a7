import { randomUUID } from 'node:crypto';
import { kindDescriptions } from '../../lib/records/kinds';
import { executeBatch } from '../commands/execute-batch';
import type { Db } from '../db/connect';
import type { TokenCaller } from './bearer';
import { finalAnswer, matches, refusalAnswer, writtenAnswer } from './entry-writes';
import { keepAnswer, keptAnswer, type IdempotencyKey, type WriteAnswer } from './idempotency';
import { lockedRecordEtag, readRecord, type PublicKind } from './records';

// The public API's writes of clients, projects and tasks (issue 50): each is the catalog's
// command for the kind (its description's `commands`: createClient, editProject, …) run by
// executeBatch, the path a device's push and the entries' writes take: the same argument
// schema, the same policy (a Manager changes only the projects they are on, and no rate), one
// commit. As for entries, a create takes an Idempotency-Key and an update needs If-Match with
// the record's current ETag, both settled in the write's own transaction. Archiving is an
// update of `status`, as the app's Archive does.

export type RecordWrite =
  | { op: 'create'; args: Record<string, unknown>; idempotency?: IdempotencyKey }
  | { op: 'update'; id: string; args: Record<string, unknown>; ifMatch: string[] };

/** Runs one write of a record of `kind` for the token's person. */
export async function writeRecord(
  db: Db,
  caller: TokenCaller,
  kind: PublicKind,
  write: RecordWrite,
  now: Date,
): Promise<WriteAnswer> {
  const { membership } = caller;
  const { commands, label, list } = kindDescriptions[kind];
  const id = write.op === 'create' ? randomUUID() : write.id;
  const command = {
    id: 1,
    name: write.op === 'create' ? commands.create : commands.edit,
    args: { ...write.args, id },
  };
  const missing: WriteAnswer = {
    status: 404,
    body: { error: 'not_found', message: `There is no ${label} with that id you may see.` },
  };
  let answer: WriteAnswer | null = null;
  const ran = await executeBatch<null, WriteAnswer>(db, membership, [command], now, {
    open: async (tx) => {
      if (write.op === 'create') {
        const kept = write.idempotency
          ? await keptAnswer(tx, caller.tokenId, write.idempotency, now)
          : null;
        return kept ? { ok: false, stop: kept } : { ok: true, state: null };
      }
      const etag = await lockedRecordEtag(tx, membership, kind, write.id);
      if (etag === null) return { ok: false, stop: missing };
      if (!matches(etag, write.ifMatch))
        return {
          ok: false,
          stop: {
            status: 412,
            body: {
              error: 'precondition_failed',
              message: `This ${label} changed since you read it. Read it again, then send your change with its new ETag.`,
            },
            headers: { ETag: etag },
          },
        };
      return { ok: true, state: null };
    },
    answered: () => undefined,
    close: async (tx, _state, fresh) => {
      const result = fresh[0]?.result;
      if (!result) return;
      if (result.outcome === 'refused') answer = refusalAnswer(result);
      else {
        const found = await readRecord(tx, membership, kind, id);
        // A change can take the record out of what its writer sees (a Manager leaving the
        // project's members): done, with nothing of it to show.
        answer = writtenAnswer(write.op, found, `/api/v1/${list}/${id}`);
      }
      if (write.op === 'create' && write.idempotency)
        await keepAnswer(tx, caller.tokenId, write.idempotency, answer, now);
    },
  });
  return finalAnswer(ran, answer);
}
