import { freshSyncState, type SyncState } from './state';

// What every bundle so far has written under the key. Mutation names and record values are
// kept as they were stored (an older or newer bundle's name is the server's to judge), so only
// a value that is not this shape at all counts as unreadable. Fields a later version adds pass.
// Checked by hand rather than with zod, which Track's first load does without (issue 29;
// tests/unit/stores/sync-state-schema.test.ts compares it with the zod schema it replaced).
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): boolean => typeof v === 'number' && !Number.isNaN(v);

function isStoredMutation(v: unknown): boolean {
  return (
    isObject(v) &&
    isNumber(v.id) &&
    typeof v.name === 'string' &&
    isObject(v.args) &&
    typeof v.record === 'string'
  );
}

function isStoredState(v: unknown): boolean {
  if (!isObject(v) || typeof v.clientId !== 'string') return false;
  if (!(v.cookie === undefined || v.cookie === null || typeof v.cookie === 'string')) return false;
  if (!(v.nextMutationId === undefined || isNumber(v.nextMutationId))) return false;
  if (!Array.isArray(v.outbox) || !v.outbox.every(isStoredMutation)) return false;
  if (!(v.bases === undefined || isObject(v.bases))) return false;
  return (
    v.refusals === undefined ||
    (Array.isArray(v.refusals) &&
      v.refusals.every(
        (r) =>
          isObject(r) &&
          isStoredMutation(r.mutation) &&
          typeof r.reason === 'string' &&
          typeof r.message === 'string',
      ))
  );
}

/** What was stored under a sync state key: nothing, a state, or a value that cannot be read. */
export type DecodedSyncState =
  { status: 'absent' } | { status: 'ok'; state: SyncState } | { status: 'corrupt' };

/** Decodes a stored sync state through its schema (missing fields take a fresh state's). */
export function decodeSyncState(raw: string | null): DecodedSyncState {
  if (raw === null || raw === '' || raw === 'null') return { status: 'absent' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { status: 'corrupt' };
  }
  if (!isStoredState(parsed)) return { status: 'corrupt' };
  // The check saw the shape; the records inside stay as the stores wrote them.
  return { status: 'ok', state: { ...freshSyncState(), ...(parsed as Partial<SyncState>) } };
}
