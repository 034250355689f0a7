import { z } from 'zod';
import type { RowProblem } from '../import/entry';
import type {
  CreatedRecord,
  ImportPreview,
  ImportResult,
  ImportView,
  PersonChoice,
  UndoResult,
} from '../import/shapes';
import { describes, documentOf, int } from './shape';

// Imports (import-handlers.ts, import-run-handlers.ts).

const rowProblem = describes<RowProblem>()(z.object({ line: int, reason: z.string() }));
const createdRecord = describes<CreatedRecord>()(z.object({ id: z.string(), name: z.string() }));
const undoResult = describes<UndoResult>()(
  z.object({
    removed: z.object({
      logs: int,
      clients: int,
      projects: int,
      tasks: int,
      members: int,
    }),
    kept: z.array(
      z.object({
        kind: z.enum(['log', 'client', 'project', 'task', 'member']),
        id: z.string(),
        name: z.string(),
        why: z.string(),
      }),
    ),
  }),
);
const importResult = describes<ImportResult>()(
  z.object({
    created: z.object({
      clients: z.array(createdRecord),
      projects: z.array(createdRecord),
      tasks: z.array(createdRecord),
      tags: z.array(z.string()),
      members: z.array(createdRecord.and(z.object({ person: z.string() }))),
    }),
    logs: int,
    seconds: z.number(),
    alreadyImported: int,
    skipped: z.array(rowProblem),
    skippedCount: int,
    undo: undoResult.nullable(),
  }),
);
const personChoice = describes<PersonChoice>()(
  z.object({
    email: z.string(),
    name: z.string(),
    as: z.enum(['me', 'member', 'new']),
    memberId: z.string().nullable(),
  }),
);
/** An import as the API answers it (src/lib/import/shapes.ts), key by key. */
const importView = describes<ImportView>()(
  z.object({
    id: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed', 'undone']),
    source: z.string(),
    fileName: z.string(),
    fileSize: int,
    startedBy: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    timeZone: z.string(),
    dateFormat: z.string().nullable(),
    people: z.array(personChoice),
    progress: z.object({ done: int, total: int }),
    result: importResult,
    error: z.string().nullable(),
  }),
);
/** POST /api/imports/preview: what importing the file would do (its schema is still to come). */
export const importPreviewResponse = z.object({
  preview: documentOf<ImportPreview>('an import preview'),
});
/** GET /api/imports. */
export const importsResponse = z.object({ imports: z.array(importView) });
/** POST /api/imports: the import queued (null only if it vanished before it was read back). */
export const startedImportResponse = z.object({ import: importView.nullable() });
/** GET /api/imports/{id}, POST /api/imports/{id}/undo. */
export const importResponse = z.object({ import: importView });
