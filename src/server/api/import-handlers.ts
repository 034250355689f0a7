import type { Answer } from '../../lib/contracts/shape';
import type { importPreviewResponse } from '../../lib/contracts/imports';
import { dateFormats, type DateFormat } from '../../lib/import/date-formats';
import { isTimeZone } from '../../lib/workspace-rules';
import { readBytes } from '../http/body';
import { apiError, json } from '../http/responses';
import { sampleRows, SAMPLE_ROWS } from '../../lib/import/any-csv';
import type { ImportEntry } from '../../lib/import/entry';
import {
  buildPreview,
  previewAccumulator,
  problemCollector,
  type ImportPreview,
} from '../imports/preview';
import { importedInSteps } from '../imports/seen-in-steps';
import { mappingOfQuery, readThroughMapping } from '../imports/any-csv';
import { logsAlreadyHere } from '../imports/logs-here';
import { importedBefore } from '../imports/seen-rows';
import { workspaceFacts } from '../imports/workspace-facts';
import type { HandlerContext } from './context';
import { refreshed } from './signed-in';
import { readerOf } from './workspace-handlers';

// Imports from other tools (issue 32); docs/api.md, Imports. This slice reads a file and says
// what importing it would do; nothing is written.

/** The largest file an import takes. Outside the 16 KB limit of JSON bodies: the file is the body. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/**
 * What a browser or a script labels a CSV file with (Windows names .csv an Excel file). No type at
 * all is taken as bytes (RFC 9110 lets a recipient assume application/octet-stream), as a browser
 * sends a File it cannot name a type for.
 */
const fileTypes = new Set([
  '',
  'text/csv',
  'text/plain',
  'application/csv',
  'application/octet-stream',
  'application/vnd.ms-excel',
  // An Excel workbook (issue 33), and what some browsers call one.
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
  // What Windows browsers call a .zip (Toggl's account export, issue 33).
  'application/x-zip-compressed',
  // Hourmark's own export (issue 32).
  'application/json',
]);

/**
 * POST /api/imports/preview?workspace=…[&timeZone=…][&dateFormat=…][&mapping=…] with the file as the body (Admins): the
 * preview of importing it. The body is read up to 50 MB and no further (413 past it).
 */
export async function handleImportPreview(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const params = new URL(request.url).searchParams;
  // Who asks is settled before a byte of the file is read.
  const caller = await readerOf(request, ctx, params.get('workspace') ?? '', 'imports');
  if ('response' in caller) return caller.response;
  const type =
    (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!fileTypes.has(type))
    return apiError(
      415,
      'unsupported_media_type',
      'Send the file itself as the body, as text/csv or application/octet-stream.',
    );
  const timeZone = params.get('timeZone') ?? caller.membership.rules.timeZone;
  if (!isTimeZone(timeZone))
    return apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
      fields: { timeZone: 'Choose a time zone from the list, like Europe/Berlin' },
    });
  // The order of the file's dates, when the preview asked for it (issue 33).
  const dateFormat = params.get('dateFormat') ?? undefined;
  if (dateFormat !== undefined && !dateFormats.includes(dateFormat as DateFormat))
    return apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
      fields: { dateFormat: `Choose one of ${dateFormats.join(', ')}` },
    });
  // Any CSV (issue 33): which column is what, as JSON, for a file no known source recognises.
  const mapping = mappingOfQuery(params.get('mapping'));
  if (!mapping.ok) return mapping.response;
  const bytes = await readBytes(request, MAX_IMPORT_BYTES);
  if (bytes === null)
    return apiError(
      413,
      'payload_too_large',
      'The file is larger than 50 MB, the most an import takes. Export a shorter period and import each file.',
    );
  const workspaceId = caller.membership.workspaceId;
  const importer = {
    email: caller.session.user.email,
    memberId: caller.membership.memberId,
    timeZone,
    currency: caller.membership.currency ?? 'INR',
    requireProjectAndTask: caller.membership.rules.requireProjectAndTask,
  };
  const facts = await workspaceFacts(ctx.database.db, workspaceId);
  // The figures are folded a slice of entries at a time as the file is read (issue 32): no
  // list of every entry, nor of every row that cannot be imported, is kept.
  const accumulator = previewAccumulator(facts, importer);
  const seen = importedInSteps(ctx.database.db, workspaceId);
  const problems = problemCollector();
  // The first entries, for Any CSV's sample of how the rows will import.
  const firstEntries: ImportEntry[] = [];
  const read = await readThroughMapping(
    ctx.database.db,
    workspaceId,
    bytes,
    {
      dateFormat: dateFormat as DateFormat | undefined,
      mapping: mapping.mapping,
      me: { name: caller.session.user.name, email: caller.session.user.email },
      sink: async (entries) => {
        const imported = await seen(entries);
        entries.forEach((entry, i) => accumulator.add(entry, imported[i]));
        if (firstEntries.length < SAMPLE_ROWS)
          firstEntries.push(...entries.slice(0, SAMPLE_ROWS - firstEntries.length));
      },
      problemSink: problems.add,
    },
    'mapping',
  );
  if ('response' in read) return read.response;
  const { file } = read;
  let preview: ImportPreview;
  if (file.structure) {
    // A file of records (Hourmark's own export, or clients and projects) is read whole, its
    // entries in the answer.
    const imported = await importedBefore(ctx.database.db, workspaceId, file.entries);
    // Hourmark's own export, back in the workspace it came from: its logs are there already.
    for (const here of await logsAlreadyHere(ctx.database.db, workspaceId, file.entries))
      imported.add(here);
    preview = buildPreview(file, facts, importer, imported);
  } else {
    // Problems a read whole handed back in its answer are counted too.
    problems.add(file.problems);
    preview = accumulator.finish(file, problems.listed(), problems.count());
  }
  if (read.anyCsv)
    read.anyCsv.sample = sampleRows({ entries: firstEntries, problems: problems.listed() });
  const anyCsv = read.anyCsv && {
    columns: read.anyCsv.columns,
    mapping: read.anyCsv.mapping,
    remembered: read.anyCsv.remembered,
    sample: read.anyCsv.sample,
  };
  return json(
    200,
    { preview: anyCsv ? { ...preview, anyCsv } : preview } satisfies Answer<
      typeof importPreviewResponse
    >,
    refreshed(caller.session, request, ctx),
  );
}
