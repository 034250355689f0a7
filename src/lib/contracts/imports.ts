import { z } from 'zod';
import type { ImportPreview, ImportView } from '../import/shapes';
import { documentOf } from './shape';

// Imports (import-handlers.ts, import-run-handlers.ts).

const importView = z.intersection(
  documentOf<ImportView>('an import'),
  z.object({
    id: z.string(),
    status: z.string(),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
  }),
);
/** POST /api/imports/preview: what importing the file would do. */
export const importPreviewResponse = z.object({
  preview: documentOf<ImportPreview>('an import preview'),
});
/** GET /api/imports. */
export const importsResponse = z.object({ imports: z.array(importView) });
/** POST /api/imports: the import queued (null only if it vanished before it was read back). */
export const startedImportResponse = z.object({ import: importView.nullable() });
/** GET /api/imports/{id}, POST /api/imports/{id}/undo. */
export const importResponse = z.object({ import: importView });
