import { mayLeadTeams, seesEveryRow } from '../../lib/policy';
import type { Db } from '../db/connect';
import type { Membership } from './permissions';
import type { Change } from './records';
import { changesForReaders, type Reader } from './viewer-changes';
import { redacted } from './visibility';
import { membershipsOf } from './workspaces';

// What a poke carries (issue 34). A device used to be told only "version N" and pulled, so every
// push cost one pull per open device. Now the process that hears of a change reads its rows
// once, with who of the people listening may see each (the pull's own visibility conditions and
// redaction, so a poke shows no more than a pull would: viewer-changes.ts), and sends each person
// theirs down their streams; the device lays them over its cache without asking. A person who may
// see none of it is not woken at all.

/** Rows a poke carries at most; a larger change is announced plainly and the device pulls it. */
export const POKE_ROWS = 500;

/** What a stream is told by the rows of a change. */
export interface PokePatch {
  /**
   * The version the device was last told of on this stream: it has every row it may see up to
   * here. Versions between this and the rows' own held nothing it may see.
   */
  from: number;
  /** The version these rows bring it to. */
  to: number;
  changes: Change[];
}

/** What a stream's person may see, and how far its device has been told. */
export interface StreamView {
  /** What they may see as last read: when the stream opened, or at a delivery since. */
  membership: Membership;
  /** The last version this stream announced to its device (a plain poke or rows). */
  sent: number;
  /** Every change up to here was checked for this stream (sent, or nothing it may see). */
  checked: number;
}

/** A stream as delivery sees it. */
export interface DeliveryStream {
  userId: string;
  view: StreamView | null;
  poke: (version: number) => void;
  changes: (patch: PokePatch) => void;
  end: () => void;
}

/** Tells a stream plainly that the workspace is at `to`: its device pulls if it is behind. */
function announce(stream: DeliveryStream, to: number) {
  stream.poke(to);
  if (stream.view) stream.view.sent = stream.view.checked = Math.max(stream.view.checked, to);
}

/**
 * Brings the streams of one workspace to version `to`: a plain poke where every device must pull
 * (`pullAll`: a write that changed settings, rates or teams, which a pull's `access` carries), and
 * otherwise each person's visible rows changed since their streams last heard.
 *
 * Every delivery reads the memberships of those it tells again, in one statement after their
 * rows (issue 46): a stream keeps no rights from when it opened. Whoever's rights changed since
 * their stream last read them (the role, "Managers see amounts", or `reset_version`, which a
 * change of their teams or projects moves too) is sent no rows read with the old ones; their
 * device is told to pull, which starts over from nothing, and the stream's rows from then on are
 * read and redacted by the new membership. Read from the database, so a change committed through
 * any process applies to the next delivery of every process.
 */
export async function deliver(
  db: Db,
  workspaceId: string,
  streams: readonly DeliveryStream[],
  to: number,
  pullAll: boolean,
): Promise<void> {
  const behind = streams.filter((s) => !s.view || s.view.checked < to);
  // A stream whose membership is not read yet (it is opening) pulls on `ready` anyway.
  for (const s of behind) if (!s.view) s.poke(to);
  const byUser = new Map<string, [Following, ...Following[]]>();
  for (const s of behind) {
    if (!isFollowing(s)) continue;
    const theirs = byUser.get(s.userId);
    if (theirs) theirs.push(s);
    else byUser.set(s.userId, [s]);
  }
  if (byUser.size === 0) return;
  const people = [...byUser];
  const readers = pullAll ? [] : people.map(([userId, theirs]) => readerOf(userId, theirs));
  // Everyone's rows in one read (viewer-changes.ts), each person's by their own visibility.
  const read = await changesForReaders(db, workspaceId, readers, to, POKE_ROWS);
  // Read after the rows, so a change of rights committed before the rows were read is seen here.
  const current = await membershipsOf(db, workspaceId, [...byUser.keys()]);
  for (const [index, [userId, theirs]] of people.entries()) {
    const membership = current.get(userId);
    if (!membership) {
      theirs.forEach((s) => s.end());
      continue;
    }
    const changed = theirs.some((s) => rightsChanged(s.view, membership));
    for (const s of theirs) s.view.membership = membership;
    if (pullAll || read.tooMany || changed) theirs.forEach((s) => announce(s, to));
    else send(theirs, membership, read.byReader[index] ?? [], to);
  }
}

/** A stream whose membership has been read. */
type Following = DeliveryStream & { view: StreamView };

const isFollowing = (s: DeliveryStream): s is Following => s.view !== null;

/**
 * Whether what the person may see changed since the stream read their membership, or since its
 * device last heard (a change that moved `reset_version` past it): its device must start over.
 */
function rightsChanged(view: StreamView, now: Membership): boolean {
  const then = view.membership;
  const reset = now.resetVersion ?? 0;
  return (
    reset > view.checked ||
    reset > (then.resetVersion ?? 0) ||
    // What the policy lets the role see: every row, their teams' rows, amounts.
    seesEveryRow(then) !== seesEveryRow(now) ||
    mayLeadTeams(then) !== mayLeadTeams(now) ||
    then.seesAmounts !== now.seesAmounts ||
    then.memberId !== now.memberId
  );
}

/** What to read for one person: from the oldest version their streams were told of. */
function readerOf(userId: string, [first, ...rest]: [Following, ...Following[]]): Reader {
  const since = Math.min(first.view.checked, ...rest.map((s) => s.view.checked));
  // Their streams' memberships differ only when their rights changed, and then no row is sent.
  return { userId, membership: first.view.membership, since };
}

/** Sends each of the person's streams the rows it has not heard of, as their role may see them. */
function send(streams: Following[], membership: Membership, changes: Change[], to: number) {
  for (const s of streams) {
    const { view } = s;
    const seen = view.checked;
    const theirs = changes
      .filter((c) => c.version > seen)
      .map((c) =>
        c.kind === 'timer' || !c.data ? c : { ...c, data: redacted(membership, c.kind, c.data) },
      );
    view.checked = to;
    if (theirs.length === 0) continue;
    s.changes({ from: view.sent, to, changes: theirs });
    view.sent = to;
  }
}
