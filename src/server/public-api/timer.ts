import { sql } from 'drizzle-orm';
import type { PublicTimeEntry, PublicTimer } from '../../lib/contracts/public-api';
import { todayIn } from '../../lib/workspace-rules';
import { offsetAt } from '../../lib/zone-offset';
import { executeBatch } from '../commands/execute-batch';
import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import { rows, type Fields } from '../sync/records';
import type { TokenCaller } from './bearer';
import { finalAnswer, refusalAnswer } from './entry-writes';
import { keepAnswer, keptAnswer, type IdempotencyKey, type WriteAnswer } from './idempotency';
import { readEntry } from './time-entries';

// The timer of the public API (issue 50): the person's stopwatch, read from the row their
// devices pull, and started and stopped by the catalog's startTimer and stopTimer run by
// executeBatch, the path a device's push takes (same schema, same policy, one commit). What
// a device says itself (when, which day, its clock's offset) the server says here: the
// request's arrival, in the workspace's time zone.

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const idOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The stopwatch's stored data as the API names it, at `now`. */
function timerOf(data: Fields | null, now: Date): PublicTimer {
  const running = data?.['status'] === 'running' && Number.isFinite(Number(data['startedAt']));
  if (!data || !running)
    return {
      running: false,
      startedAt: null,
      elapsedSeconds: null,
      projectId: null,
      taskId: null,
      memberId: null,
      tags: '',
      description: '',
    };
  const startedAt = Number(data['startedAt']);
  const entry = (data['entry'] ?? {}) as Fields;
  return {
    running: true,
    startedAt: new Date(startedAt).toISOString(),
    elapsedSeconds: Math.max(0, Math.floor((now.getTime() - startedAt) / 1000)),
    projectId: idOrNull(entry['projectId']),
    taskId: idOrNull(entry['taskId']),
    memberId: idOrNull(entry['memberId']),
    tags: text(entry['tags']),
    description: text(entry['desc']),
  };
}

async function storedTimer(db: Db, membership: Membership): Promise<Fields | null> {
  const [row] = await rows<{ data: Fields }>(
    db,
    sql`SELECT data FROM timers WHERE workspace_id = ${membership.workspaceId} AND user_id = ${membership.userId}`,
  );
  return row?.data ?? null;
}

/** The token's person's stopwatch. */
export async function readTimer(db: Db, membership: Membership, now: Date): Promise<PublicTimer> {
  return timerOf(await storedTimer(db, membership), now);
}

/** The clock's offset from UTC in minutes at `now`, in `timeZone` (as a device says its own). */
function offsetMinutes(timeZone: string, now: Date): number {
  const offset = offsetAt(timeZone, now);
  const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  return offset.startsWith('-') ? -minutes : minutes;
}

/**
 * The entries this commit wrote: rows written in a commit carry the workspace's next version
 * (commit.ts), and the workspace is locked, so no other write has that version yet. A stop (or
 * a start that saves a run going) writes only the run's logs.
 */
async function writtenNow(tx: Db, membership: Membership): Promise<PublicTimeEntry[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`SELECT l.id FROM time_logs l WHERE l.workspace_id = ${membership.workspaceId} AND NOT l.deleted
      AND l.version = (SELECT version + 1 FROM workspaces WHERE id = ${membership.workspaceId})
      ORDER BY l.date, l.id`,
  );
  const entries: PublicTimeEntry[] = [];
  for (const { id } of found) {
    const read = await readEntry(tx, membership, id);
    if (read) entries.push(read.entry);
  }
  return entries;
}

const notRunning: WriteAnswer = {
  status: 409,
  body: { error: 'not_running', message: 'The timer is not running: there is nothing to stop.' },
};

export type TimerWrite =
  | { op: 'start'; entry: Fields; idempotency?: IdempotencyKey }
  | { op: 'stop'; idempotency?: IdempotencyKey };

/**
 * Starts or stops the token's person's stopwatch, as ▶ and ■ do on Track: a start saves a run
 * already going first; a stop saves the run as logs, one per day it crossed. A stop with
 * nothing running is 409, and changes nothing. With an Idempotency-Key, a retry gets the first answer.
 */
export async function writeTimer(
  db: Db,
  caller: TokenCaller,
  write: TimerWrite,
  now: Date,
): Promise<WriteAnswer> {
  const { membership } = caller;
  const timeZone = membership.rules.timeZone;
  const at = now.getTime();
  const utcOffsetMinutes = offsetMinutes(timeZone, now);
  const command =
    write.op === 'start'
      ? {
          id: 1,
          name: 'startTimer',
          args: {
            startedAt: at,
            day: todayIn(timeZone, now),
            utcOffsetMinutes,
            entry: write.entry,
          },
        }
      : { id: 1, name: 'stopTimer', args: { stoppedAt: at, utcOffsetMinutes } };
  let answer: WriteAnswer | null = null;
  const ran = await executeBatch<null, WriteAnswer>(db, membership, [command], now, {
    open: async (tx) => {
      const kept = write.idempotency
        ? await keptAnswer(tx, caller.tokenId, write.idempotency, now)
        : null;
      if (kept) return { ok: false, stop: kept };
      // Nothing running: refused before the commit, which would otherwise note an empty change.
      if (write.op === 'stop' && !timerOf(await storedTimer(tx, membership), now).running)
        return { ok: false, stop: notRunning };
      return { ok: true, state: null };
    },
    answered: () => undefined,
    close: async (tx, _state, fresh) => {
      const result = fresh[0]?.result;
      if (!result) return;
      const saved = await writtenNow(tx, membership);
      const timer = await readTimer(tx, membership, now);
      answer =
        result.outcome === 'refused'
          ? refusalAnswer(result)
          : { status: 200, body: { data: timer, saved } };
      if (write.idempotency) await keepAnswer(tx, caller.tokenId, write.idempotency, answer, now);
    },
  });
  return finalAnswer(ran, answer);
}
