import { z } from 'zod';
import { kindDescriptions, recordKinds, type RecordKind } from '../records/kinds';
import { readSchemas } from '../records/read-schemas';
import { isoText } from './shape';

// The export file ("Export my data", GET /api/export): when it was made, the workspace, and each
// kind's live records under its documented localStorage key (SPEC.md), in the registry's order,
// each checked by its kind's read schema. Built from the kinds' descriptions, so a new kind is in
// the file (and its contract) with no line here.

type KindLists = {
  [K in RecordKind as (typeof kindDescriptions)[K]['storageKey']]: z.ZodArray<
    (typeof readSchemas)[K]
  >;
};

const kindLists = Object.fromEntries(
  recordKinds.map((kind) => [kindDescriptions[kind].storageKey, z.array(readSchemas[kind])]),
) as KindLists;

export const exportFile = z.object({
  exportedAt: isoText,
  workspace: z.object({ id: z.string(), name: z.string() }),
  ...kindLists,
});
export type ExportFile = z.infer<typeof exportFile>;
