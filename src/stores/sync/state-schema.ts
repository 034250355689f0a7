import { z } from 'zod';
import { freshSyncState, type SyncState } from './state';

// What every bundle so far has written under the key. Mutation names and record values are
// kept as they were stored (an older or newer bundle's name is the server's to judge), so only
// a value that is not this shape at all counts as unreadable. Fields a later version adds pass.
// An object with any fields (z.record would add a schema class to the code every screen loads,
// as zod sits in the shared data chunk; nothing else uses it).
const anyObject = z.object({}).passthrough();
const storedMutation = z
  .object({ id: z.number(), name: z.string(), args: anyObject, record: z.string() })
  .passthrough();
const storedState = z
  .object({
    clientId: z.string(),
    cookie: z.string().nullable().optional(),
    nextMutationId: z.number().optional(),
    outbox: z.array(storedMutation),
    bases: anyObject.optional(),
    refusals: z
      .array(
        z
          .object({ mutation: storedMutation, reason: z.string(), message: z.string() })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();

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
  const checked = storedState.safeParse(parsed);
  if (!checked.success) return { status: 'corrupt' };
  // The schema checked the shape; the records inside stay as the stores wrote them.
  return { status: 'ok', state: { ...freshSyncState(), ...(parsed as Partial<SyncState>) } };
}
