import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeSyncState } from '../../../src/stores/sync/state-schema';

// The stored sync state was checked with this zod schema; Track's first load now checks it
// without zod (issue 29), and must accept and refuse exactly what the schema did.
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

const mutation = { id: 1, name: 'addTimeLog', args: { id: 'l1' }, record: 'l1' };
const state = {
  clientId: 'c1',
  cookie: 'v12',
  nextMutationId: 2,
  outbox: [mutation],
  bases: { l1: {} },
  refusals: [{ mutation, reason: 'locked', message: 'Locked' }],
};
const palette: unknown[] = [undefined, null, '', 'x', 0, 1.5, true, [], {}, [mutation], mutation];

function expectSame(value: unknown) {
  const zod = storedState.safeParse(value).success;
  expect(decodeSyncState(JSON.stringify(value)).status, JSON.stringify(value)).toBe(
    zod ? 'ok' : 'corrupt',
  );
}

describe('checking a stored sync state without zod', () => {
  it('agrees with the schema when any field, or any field of a mutation, holds any value', () => {
    expectSame(state);
    for (const key of Object.keys(state)) {
      const { [key]: _dropped, ...without } = state as Record<string, unknown>;
      expectSame(without);
      for (const value of palette) expectSame({ ...state, [key]: value });
    }
    for (const key of Object.keys(mutation))
      for (const value of palette) {
        const changed = { ...mutation, [key]: value };
        expectSame({ ...state, outbox: [changed] });
        expectSame({ ...state, refusals: [{ mutation: changed, reason: 'r', message: 'm' }] });
      }
    for (const value of palette) {
      expectSame({ ...state, refusals: [{ mutation, reason: value, message: 'm' }] });
      // Nothing stored (null) is read as no state at all, before any check.
      if (value != null) expectSame(value);
    }
  });
});
