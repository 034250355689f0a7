import { z } from 'zod';
import { roles } from '../policy/actor';
import { readSchemas } from '../records/read-schemas';
import { localFromRow } from '../sync/local-records';
import { timerFields } from '../sync/fields';
import type { PulledChange } from '../sync/rebase';
import { workspaceRules } from './workspace';

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

/** What a row's `data` is checked by: its kind's read schema, or the timer's fields. */
const dataSchemas: Readonly<Record<string, { safeParse(value: unknown): { success: boolean } }>> = {
  ...readSchemas,
  timer: timerFields,
};
const isKind = (kind: string): kind is keyof typeof readSchemas => kind in readSchemas;

/**
 * Whether a row's `data` is what its kind holds: a record's fields read as the cache will keep
 * them (`localFromRow`) by the kind's read schema, the timer by its
 * fields. The read schemas' fast paths (src/lib/entities/fast-*.ts) take a well-formed record in
 * a few property reads, so 5,000 rows stay cheap (tests/unit/lib/pull-contract.test.ts).
 */
function dataFits(kind: string, row: Record<string, unknown>): boolean {
  const data = row['data'];
  // A deletion carries no fields to read (null, or what the row last held).
  if (row['deleted'] === true)
    return data === null || (typeof data === 'object' && !Array.isArray(data));
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return false;
  // Read as the cache will hold it: a record as `localFromRow` builds it (with the row's id and
  // times, and the labels its kind's description adds, empty until relabelled).
  const value = isKind(kind)
    ? localFromRow(
        kind,
        row['id'] as string,
        data as Record<string, unknown>,
        row['createdAt'] as string,
        row['updatedAt'] as string,
      )
    : data;
  return dataSchemas[kind]?.safeParse(value).success ?? false;
}

/**
 * One pulled row, checked by hand rather than by a zod object (a first pull carries thousands):
 * its envelope by a few property reads, its `data` by its kind's schema (above).
 */
function isPulledChange(value: unknown): value is PulledChange {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row['kind'] === 'string' &&
    Object.hasOwn(dataSchemas, row['kind']) &&
    typeof row['id'] === 'string' &&
    typeof row['deleted'] === 'boolean' &&
    typeof row['createdAt'] === 'string' &&
    typeof row['updatedAt'] === 'string' &&
    dataFits(row['kind'], row)
  );
}
const pulledChange = z.custom<PulledChange>(isPulledChange, {
  message:
    'Expected a change: kind, id, deleted, data (as its kind holds it), createdAt, updatedAt',
});

/** What the device needs to know about the caller's place in the workspace (src/server/sync/pull.ts). */
export const pulledAccess = z.object({
  role: z.enum(roles),
  memberId: z.string().nullable(),
  seesAmounts: z.boolean(),
  rules: workspaceRules,
  /** What amounts are shown in (Account setting → Invoices). */
  currency: z.string(),
  /** The members of the teams the person leads (null: none, so no limit), for the screens. */
  teamMembers: z.array(z.string()).nullable(),
});
export type PulledAccess = z.infer<typeof pulledAccess>;

/** GET /sync/pull: one page; the envelope is checked strictly, each row cheaply (above). */
export const pullPage = z.object({
  cookie: z.string(),
  reset: z.boolean(),
  changes: z.array(pulledChange),
  next: z.string().nullable(),
  lastMutationIds: z.record(z.string(), z.number().int()),
  access: pulledAccess,
});
export type PullPage = z.infer<typeof pullPage>;
