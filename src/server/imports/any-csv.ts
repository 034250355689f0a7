import { sql } from 'drizzle-orm';
import { sampleRows, type Importing } from '../../lib/import/any-csv';
import {
  anyCsvMappingSchema,
  headerShape,
  type AnyCsvMapping,
  type AnyCsvPreview,
} from '../../lib/import/any-csv-mapping';
import type { DateFormat } from '../../lib/import/date-formats';
import type { ReadImportFile } from '../../lib/import/read-file';
import type { ImportChoices } from '../../lib/import/shapes';
import { apiError, json } from '../http/responses';
import { rows, type Runner } from '../sync/records';
import type { ByteSource } from './byte-source';
import { readUploadInSteps, SLICE_CHARS, type EntrySink, type ProblemSink } from './read-in-steps';

// Any CSV on the server (issue 33): the mapping read from a request, the mapping remembered for a
// file's shape, and a file read through one or the other. A mapping is remembered with the import
// it started (imports.choices.anyCsv: its shape, the mapping, who imported), and the newest
// import of the workspace with the same shape suggests it for the next file.

type ReadFile = Extract<ReadImportFile, { ok: true }>;

/** The mapping a workspace's latest import of a file of `shape` was read with, or null. */
export async function rememberedMapping(
  db: Runner,
  workspaceId: string,
  shape: string,
): Promise<AnyCsvMapping | null> {
  const [found] = await rows<{ mapping: unknown }>(
    db,
    sql`SELECT choices->'anyCsv'->'mapping' AS mapping FROM imports
      WHERE workspace_id = ${workspaceId} AND choices->'anyCsv'->>'shape' = ${shape}
      ORDER BY created_at DESC LIMIT 1`,
  );
  // Stored by an earlier version of the schema, a mapping that no longer reads is not suggested.
  const parsed = anyCsvMappingSchema.safeParse(found?.mapping);
  return parsed.success ? parsed.data : null;
}

const invalidMapping = (path: readonly PropertyKey[], message: string, prefix: string) =>
  apiError(400, 'invalid_request', 'Some fields are missing or invalid.', {
    fields: { [[prefix, ...path.map(String)].join('.')]: message },
  });

/** The `mapping` query parameter (JSON), absent, or a 400 naming the field that is wrong. */
export function mappingOfQuery(
  text: string | null,
): { ok: true; mapping: AnyCsvMapping | undefined } | { ok: false; response: Response } {
  if (text === null || !text.trim()) return { ok: true, mapping: undefined };
  let given: unknown;
  try {
    given = JSON.parse(text);
  } catch {
    return {
      ok: false,
      response: invalidMapping([], 'The mapping must be JSON.', 'mapping'),
    };
  }
  const parsed = anyCsvMappingSchema.safeParse(given);
  if (parsed.success) return { ok: true, mapping: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    response: invalidMapping(issue?.path ?? [], issue?.message ?? '', 'mapping'),
  };
}

/** The 422 of a file that cannot be read; an unknown header comes with its columns to map. */
function unreadable(file: Extract<ReadImportFile, { ok: false }>, prefix: string): Response {
  if (file.error === 'unknown_column')
    return apiError(422, 'unknown_column', file.message, {
      fields: { [`${prefix}.${file.field ?? ''}`]: file.message },
    });
  if (file.error === 'unknown_source' && file.columns)
    return json(422, { error: file.error, message: file.message, columns: file.columns });
  // Too many zips and workbooks read at once in this process (zip-slots.ts): not the file's fault.
  if (file.error === 'server_busy')
    return apiError(503, file.error, file.message, { headers: { 'Retry-After': '30' } });
  return apiError(422, file.error, file.message);
}

export interface ReadThroughMapping {
  file: ReadFile;
  /** Set when the file was read through a mapping (given or remembered). */
  anyCsv: (AnyCsvPreview & { shape: string }) | null;
}

/**
 * An uploaded file read as the preview and the start read it: by the source its header is;
 * else through the mapping given; else through the mapping remembered for its shape; else the
 * 422 that lists its columns, so the person can map them. `prefix` names the mapping's fields in
 * a 422 (`mapping.project`, `choices.mapping.project`).
 */
export async function readThroughMapping(
  db: Runner,
  workspaceId: string,
  bytes: Uint8Array | ByteSource,
  options: {
    dateFormat: DateFormat | undefined;
    mapping: AnyCsvMapping | undefined;
    me: Importing;
    /** Where the entries go a slice at a time (the upload stages them); else in the answer. */
    sink?: EntrySink;
    /** Where the rows that cannot be imported go, with a sink (the preview counts them). */
    problemSink?: ProblemSink;
  },
  prefix: string,
): Promise<ReadThroughMapping | { response: Response }> {
  const { dateFormat, me, sink, problemSink } = options;
  let mapping = options.mapping;
  let file = await readUploadInSteps(
    bytes,
    { dateFormat, ...(mapping ? { anyCsv: { mapping, me } } : {}) },
    SLICE_CHARS,
    sink,
    problemSink,
  );
  let remembered = false;
  if (!file.ok && file.error === 'unknown_source' && file.columns && !mapping) {
    const found = await rememberedMapping(db, workspaceId, headerShape(file.columns));
    if (found) {
      mapping = found;
      remembered = true;
      file = await readUploadInSteps(
        bytes,
        { dateFormat, anyCsv: { mapping, me } },
        SLICE_CHARS,
        sink,
        problemSink,
      );
    }
  }
  if (!file.ok) return { response: unreadable(file, prefix) };
  if (file.source !== 'any-csv' || !mapping || !file.columns) return { file, anyCsv: null };
  return {
    file,
    anyCsv: {
      columns: file.columns,
      mapping,
      remembered,
      sample: sampleRows(file),
      shape: headerShape(file.columns),
    },
  };
}

/** What an import read through a mapping keeps in its choices (and is remembered by). */
export function anyCsvChoice(
  read: ReadThroughMapping,
  me: Importing,
): Pick<ImportChoices, 'anyCsv'> {
  return read.anyCsv
    ? { anyCsv: { shape: read.anyCsv.shape, mapping: read.anyCsv.mapping, me } }
    : {};
}
