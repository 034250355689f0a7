import type { PublicTimeEntry } from '../../lib/contracts/public-api';
import { executeBatch } from '../commands/execute-batch';
import type { Db } from '../db/connect';
import type { TokenCaller } from './bearer';
import { finalAnswer, refusalAnswer } from './entry-writes';
import { keepAnswer, keptAnswer, type IdempotencyKey, type WriteAnswer } from './idempotency';
import { readEntry } from './time-entries';

// Sending entries for approval and deciding on them through the public API (issue 50): the
// catalog's submitWeek and reviewLogs run by executeBatch, the path a device's push takes. The
// policy judges each entry (a Normal member submits only their own; a Manager reviews the
// entries of the projects they are on, never their own; an Admin any), and one refusal refuses
// the whole command, so a week is sent or decided whole or not at all. With an
// Idempotency-Key, a retry gets the first answer.

export interface StatusWrite {
  name: 'submitWeek' | 'reviewLogs';
  args: { logIds: string[] } & Record<string, unknown>;
  idempotency?: IdempotencyKey;
}

/** Runs a submission or a review for the token's person: the entries as it left them. */
export async function writeStatus(
  db: Db,
  caller: TokenCaller,
  write: StatusWrite,
  now: Date,
): Promise<WriteAnswer> {
  const { membership } = caller;
  let answer: WriteAnswer | null = null;
  const command = { id: 1, name: write.name, args: write.args };
  const ran = await executeBatch<null, WriteAnswer>(db, membership, [command], now, {
    open: async (tx) => {
      const kept = write.idempotency
        ? await keptAnswer(tx, caller.tokenId, write.idempotency, now)
        : null;
      return kept ? { ok: false, stop: kept } : { ok: true, state: null };
    },
    answered: () => undefined,
    close: async (tx, _state, fresh) => {
      const result = fresh[0]?.result;
      if (!result) return;
      if (result.outcome === 'refused') answer = refusalAnswer(result);
      else {
        const data: PublicTimeEntry[] = [];
        for (const id of new Set(write.args.logIds)) {
          const found = await readEntry(tx, membership, id);
          if (found) data.push(found.entry);
        }
        answer = { status: 200, body: { data } };
      }
      if (write.idempotency) await keepAnswer(tx, caller.tokenId, write.idempotency, answer, now);
    },
  });
  return finalAnswer(ran, answer);
}
