import { z } from 'zod';
import { anyCsvMappingSchema } from '../import/any-csv-mapping';
import type { ImportChoices, ImportStatus } from '../import/shapes';

// The import's two commands (issue 48), startImport and undoImport, and what the listeners hear
// when an import's job ends (importCompleted). The upload is read, staged and checked by its
// handler (src/server/api/import-run-handlers.ts) before the command runs: what the command is
// given is the staged upload's id and what the person chose, as the import keeps them.

const text = z.string({ invalid_type_error: 'Must be text' });
const count = z.number().int().min(0);
/** Problems an import lists by line (the rest are counted). */
export const LISTED_SKIPPED = 500;
const importId = text.uuid('Must be an import id');

// What the file brings (people's names, its header's shape, its problems' reasons) is bounded by
// the upload (50 MB), not here: a file the preview read must start as it was read.
const personChoice = z
  .object({
    email: text,
    name: text,
    as: z.enum(['me', 'member', 'new']),
    memberId: text.max(200).nullable(),
  })
  .strict();

/** The choices an import keeps (`imports.choices`), as src/lib/import/shapes.ts types them. */
const importChoices = z
  .object({
    timeZone: text.min(1).max(100),
    dateFormat: text.max(20).nullable(),
    people: z.array(personChoice),
    anyCsv: z
      .object({
        shape: text,
        mapping: anyCsvMappingSchema,
        me: z.object({ name: text, email: text }).strict(),
      })
      .strict()
      .optional(),
    labourRates: z.record(z.number().finite()).optional(),
    projectRates: z
      .array(z.object({ client: text, project: text, rate: z.number().finite() }).strict())
      .optional(),
    approveHistory: z.boolean().optional(),
  })
  .strict() satisfies z.ZodType<ImportChoices, z.ZodTypeDef, unknown>;

/** startImport: a staged upload becomes an import, queued. */
export const startImportArgs = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    /** The upload's id: its file's chunks and its staged rows were stored under it. */
    id: importId,
    /** The tool the file came from, as the reader recognised it (toggl, clockify, hourmark…). */
    source: text.min(1).max(50),
    fileName: text.max(255),
    fileSize: count,
    /** Rows (and records) the job takes, which its progress counts. */
    rows: count,
    choices: importChoices,
    /** Rows the upload found it cannot import: the first 500, and how many in all. */
    skipped: z.array(z.object({ line: count, reason: text }).strict()).max(LISTED_SKIPPED),
    skippedCount: count,
  })
  .strict();

/** undoImport: removes what an import created, as far as nothing uses it now. */
export const undoImportArgs = z
  .object({ workspaceId: text.uuid('Must be a workspace id'), id: importId })
  .strict();

/** What an ended import came to, as its listeners hear it (importCompleted). */
export interface ImportCompleted {
  importId: string;
  status: Extract<ImportStatus, 'done' | 'failed'>;
  /** Who started it (null when their account was deleted since) and their name then. */
  startedBy: { userId: string | null; name: string };
  /** What it made: logs and their seconds, rows met before, rows skipped, records created. */
  counts: {
    logs: number;
    seconds: number;
    alreadyImported: number;
    skipped: number;
    clients: number;
    projects: number;
    tasks: number;
    tags: number;
    members: number;
  };
  /** Why it failed, or null. */
  error: string | null;
}

/** The name listeners hear an import's end by (one per import, whichever batch ends it). */
export const IMPORT_COMPLETED = 'importCompleted';
