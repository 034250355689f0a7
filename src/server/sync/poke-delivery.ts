import { sql } from 'drizzle-orm';
import type { Membership } from './permissions';
import { rows, type Change, type Runner } from './records';
import { changesForReaders, type Reader } from './viewer-changes';
import { redacted } from './visibility';

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
  membership: Membership;
  /** The last version this stream announced to its device (a plain poke or rows). */
  sent: number;
  /** Every change up to here was checked for this stream (sent, or nothing it may see). */
  checked: number;
  /** Reads the membership again (null: no longer a member). */
  reread: () => Promise<Membership | null>;
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
 */
export async function deliver(
  runner: Runner,
  workspaceId: string,
  streams: readonly DeliveryStream[],
  to: number,
  pullAll: boolean,
): Promise<void> {
  const behind = streams.filter((s) => !s.view || s.view.checked < to);
  if (pullAll) return behind.forEach((s) => announce(s, to));
  // A stream whose membership is not read yet (it is opening) pulls on `ready` anyway.
  const following = behind.filter((s) => s.view !== null);
  for (const s of behind) if (!s.view) s.poke(to);
  if (following.length === 0) return;
  const people = new Map<string, DeliveryStream[]>();
  for (const s of following) people.set(s.userId, [...(people.get(s.userId) ?? []), s]);
  const resets = await resetVersions(runner, workspaceId, [...people.keys()]);
  const readers: (Reader & { streams: DeliveryStream[] })[] = [];
  for (const [userId, theirs] of people) {
    const reader = await readerFor(userId, theirs, to, resets.get(userId) ?? 0);
    if (reader) readers.push(reader);
  }
  // Everyone's rows in one read (viewer-changes.ts), each person's by their own visibility.
  const read = await changesForReaders(runner, workspaceId, readers, to, POKE_ROWS);
  if (read.tooMany) {
    for (const reader of readers) reader.streams.forEach((s) => announce(s, to));
    return;
  }
  readers.forEach((reader, index) => send(reader, read.byReader[index] ?? [], to));
}

/** When what each person may see last changed (membership.reset_version). */
async function resetVersions(runner: Runner, workspaceId: string, userIds: string[]) {
  const found = await rows<{ user_id: string; reset_version: string | number | null }>(
    runner,
    sql`SELECT user_id, reset_version FROM memberships WHERE workspace_id = ${workspaceId}
      AND user_id IN (${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return new Map(found.map((r) => [r.user_id, Number(r.reset_version ?? 0)]));
}

/**
 * What to read for one person: their membership and the oldest version their streams were told
 * of; null when none of their streams is still to be told (or they are no longer a member).
 */
async function readerFor(
  userId: string,
  streams: DeliveryStream[],
  to: number,
  resetVersion: number,
): Promise<(Reader & { streams: DeliveryStream[] }) | null> {
  // What they may see changed since some stream last heard: that device starts over with a
  // pull (as a pull with an older cookie does), and the membership is read again for the rest.
  const reset = streams.filter((s) => s.view && resetVersion > s.view.checked);
  if (reset.length > 0) {
    const membership = await reset[0]?.view?.reread();
    if (!membership) {
      streams.forEach((s) => s.end());
      return null;
    }
    for (const s of streams) if (s.view) s.view.membership = membership;
    reset.forEach((s) => announce(s, to));
  }
  const rest = streams.filter((s) => s.view && s.view.checked < to);
  const first = rest[0]?.view;
  if (!first) return null;
  const since = Math.min(...rest.map((s) => s.view?.checked ?? to));
  return { userId, membership: first.membership, since, streams: rest };
}

/** Sends each of the person's streams the rows it has not heard of, as their role may see them. */
function send(reader: Reader & { streams: DeliveryStream[] }, changes: Change[], to: number) {
  const { membership } = reader;
  for (const s of reader.streams) {
    const view = s.view;
    if (!view) continue;
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
