import { z } from 'zod';
import type { Access } from '../abilities';
import { recordKinds } from '../sync/field-names';
import type { PulledChange } from '../sync/rebase';
import { documentOf } from './shape';

// The sync calls (docs/api.md): push's results and pull's pages (sync-handlers.ts).

/** POST /sync/push: one result per mutation. */
export const pushResponse = z.object({
  results: z.array(
    z.discriminatedUnion('outcome', [
      z.object({ id: z.number().int(), outcome: z.literal('ok') }),
      z.object({
        id: z.number().int(),
        outcome: z.literal('refused'),
        reason: z.enum([
          'unknown_mutation',
          'invalid_args',
          'not_found',
          'already_exists',
          'deleted',
          'unknown_reference',
          'forbidden',
        ]),
        message: z.string(),
      }),
    ]),
  ),
  lastMutationId: z.number().int(),
  version: z.number().int(),
});

const syncKinds = new Set<string>([...recordKinds, 'timer']);

/**
 * One pulled row, checked by hand rather than by a zod object: a first pull carries thousands,
 * and this costs a few property reads each (tests/unit/lib/pull-contract.test.ts times 5,000).
 */
function isPulledChange(value: unknown): value is PulledChange {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row['kind'] === 'string' &&
    syncKinds.has(row['kind']) &&
    typeof row['id'] === 'string' &&
    typeof row['deleted'] === 'boolean' &&
    (row['data'] === null || (typeof row['data'] === 'object' && !Array.isArray(row['data']))) &&
    typeof row['createdAt'] === 'string' &&
    typeof row['updatedAt'] === 'string'
  );
}
const pulledChange = z.custom<PulledChange>(isPulledChange, {
  message: 'Expected a change: kind, id, deleted, data, createdAt, updatedAt',
});

/** GET /sync/pull: one page; the envelope is checked strictly, each row cheaply (above). */
export const pullPage = z.object({
  cookie: z.string(),
  reset: z.boolean(),
  changes: z.array(pulledChange),
  next: z.string().nullable(),
  lastMutationIds: z.record(z.string(), z.number().int()),
  access: z.intersection(
    documentOf<Access>('the caller’s access'),
    z.object({
      role: z.string(),
      memberId: z.string().nullable(),
      seesAmounts: z.boolean(),
    }),
  ),
});
export type PullPage = z.infer<typeof pullPage>;
