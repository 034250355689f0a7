import type { Answer } from '../../lib/contracts/shape';
import type {
  importResponse,
  importsResponse,
  startedImportResponse,
} from '../../lib/contracts/imports';
import { randomUUID } from 'node:crypto';
import { structureItems } from '../../lib/import/structure';
import { isTimeZone } from '../../lib/workspace-rules';
import { apiError, json } from '../http/responses';
import { choicesSchema, chooseProjectRates, choosePeople } from '../imports/choices';
import { projectKeyOf } from '../../lib/import/project-rates';
import { buildPreview, problemCollector } from '../imports/preview';
import { anyCsvChoice, readThroughMapping } from '../imports/any-csv';
import { encodingSurvey } from '../../lib/import/decode-stream';
import { chunkSource, memorySource, type ByteSource } from '../imports/byte-source';
import { fileChunkWriter } from '../imports/chunk-writer';
import { deleteFileChunks, readFileChunks, writeFileChunks } from '../imports/file-chunks';
import { streamUploadForm } from '../imports/stream-form';
import { pauseForOthers } from '../imports/pause-for-others';
import { deleteStagedEntries } from '../imports/staged-entries';
import { UPLOAD_PACE, uploadStaging } from '../imports/stage-upload';
import { readUploadForm, type UploadForm } from '../imports/upload-form';
import { importOf, importsOf, LISTED_SKIPPED, type ImportRow } from '../imports/store';
import { finishUndo } from '../imports/undo';
import { execute } from '../commands/execute';
import { refusalResponse } from './run-command';
import type { ImportView } from '../../lib/import/shapes';
import { workspaceFacts } from '../imports/workspace-facts';
import type { HandlerContext } from './context';
import { MAX_IMPORT_BYTES } from './import-handlers';
import { refreshed } from './signed-in';
import type { memberOf } from './workspace-handlers';
import { readerOf } from './workspace-handlers';

// Running imports (issue 32; docs/api.md, Imports): start one from a file and the person's
// choices, follow it, list them, undo one. Admins only, like the preview. Starting and undoing
// are the catalog's commands startImport and undoImport (issue 48), run by execute.

/** Room for the form's boundaries and its `choices` part beside a 50 MB file. */
const FORM_OVERHEAD = 256 * 1024;

/** An import as the API answers it (never its file). */
export function importView(found: ImportRow): ImportView {
  return {
    id: found.id,
    status: found.status,
    source: found.source,
    fileName: found.fileName,
    fileSize: found.fileSize,
    startedBy: found.userName,
    createdAt: found.createdAt,
    finishedAt: found.finishedAt,
    timeZone: found.choices.timeZone,
    dateFormat: found.choices.dateFormat,
    people: found.choices.people,
    progress: { done: found.position, total: found.totalRows },
    result: found.result,
    error: found.error,
  };
}

const invalid = (fields: Record<string, string>) =>
  apiError(400, 'invalid_request', 'Some fields are missing or invalid.', { fields });

const tooLarge = () =>
  apiError(
    413,
    'payload_too_large',
    'The file is larger than 50 MB, the most an import takes. Export a shorter period and import each file.',
  );

/**
 * The file and the choices of a start-import form: read without copying when the form is plain
 * (`upload-form.ts`), else parsed by undici, which tells what is wrong with it.
 */
async function uploadFormOf(
  body: Buffer,
  type: string,
): Promise<UploadForm | { response: Response }> {
  const plain = readUploadForm(body, type);
  if (plain) return plain.bytes.length > MAX_IMPORT_BYTES ? { response: tooLarge() } : plain;
  let form: FormData;
  // A view of the bytes read, not a copy (Buffer.concat never makes a SharedArrayBuffer).
  try {
    form = await new Response(
      new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
      {
        headers: { 'content-type': type },
      },
    ).formData();
  } catch {
    return { response: invalid({ file: 'The body is not a readable multipart/form-data form.' }) };
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) return { response: invalid({ file: 'Choose the file to import.' }) };
  if (file.size > MAX_IMPORT_BYTES) return { response: tooLarge() };
  const choices = form.get('choices');
  return {
    fileName: file instanceof File ? file.name : '',
    bytes: Buffer.from(await file.arrayBuffer()),
    choices: typeof choices === 'string' ? choices : null,
  };
}

/**
 * POST /api/imports?workspace=… with a multipart/form-data body: `file` (the file, at most
 * 50 MB) and `choices` (JSON, optional: time zone, date order, people). Starts the import as a
 * job and answers 202 with it.
 */
export async function handleStartImport(request: Request, ctx: HandlerContext): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const caller = await readerOf(request, ctx, params.get('workspace') ?? '', 'imports');
  if ('response' in caller) return caller.response;
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type))
    return apiError(
      415,
      'unsupported_media_type',
      'Send the file and the choices as multipart/form-data, the file in a part named "file".',
    );
  // The declared length refuses at once; the bytes as they arrive refuse past it too.
  if (Number(request.headers.get('content-length') ?? '0') > MAX_IMPORT_BYTES + FORM_OVERHEAD)
    return tooLarge();
  const db = ctx.database.db;
  const id = randomUUID();
  const now = ctx.now();
  let stored = false;
  try {
    const response = await readAndStart(request, ctx, caller, type, { db, id, now });
    stored = response.status === 202;
    return response;
  } finally {
    // Refused after reading, or failed: nothing of this upload stays, its file's chunks and
    // staged entries alike.
    if (!stored) {
      await deleteStagedEntries(db, id);
      await deleteFileChunks(db, id);
    }
  }
}

/** A request body's bytes as they arrive, and a way to stop reading it. */
function bodyPieces(request: Request) {
  const reader = request.body?.getReader();
  return {
    pieces: {
      async *[Symbol.asyncIterator]() {
        if (!reader) return;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      },
    } as AsyncIterable<Uint8Array>,
    cancel: async () => {
      await reader?.cancel().catch(() => {});
    },
  };
}

/**
 * The form's file stored as chunks as it arrives (stream-form.ts), and its choices; a form that
 * is not plain is put together again and parsed by undici as before (its file then stored from
 * memory, as it was).
 */
async function receiveUpload(
  request: Request,
  type: string,
  { db, id, now }: { db: HandlerContext['database']['db']; id: string; now: Date },
): Promise<
  | { fileName: string; choices: string | null; file: ByteSource; size: number }
  | { response: Response }
> {
  const body = bodyPieces(request);
  const writer = fileChunkWriter(db, id, now);
  // The file's encoding decided as its bytes pass by: no pass over its chunks for it later.
  const survey = encodingSurvey();
  const streamed = await streamUploadForm(
    body.pieces,
    type,
    { body: MAX_IMPORT_BYTES + FORM_OVERHEAD, file: MAX_IMPORT_BYTES },
    (piece) => {
      survey.add(piece);
      return writer.write(piece);
    },
  );
  if (streamed.kind === 'too large') {
    await body.cancel();
    return { response: tooLarge() };
  }
  await writer.finish();
  if (streamed.kind === 'form')
    return {
      fileName: streamed.fileName,
      choices: streamed.choices,
      file: chunkSource(db, id, streamed.size, survey.result()),
      size: streamed.size,
    };
  // Not a plain form: the body as it came, for undici, which tells what is wrong with it.
  const fileBytes = streamed.streamed > 0 ? await readFileChunks(db, id) : null;
  await deleteFileChunks(db, id);
  const form = await uploadFormOf(
    Buffer.concat([streamed.head, ...(fileBytes ? [fileBytes] : []), streamed.tail]),
    type,
  );
  if ('response' in form) return form;
  await writeFileChunks(db, id, form.bytes, now);
  return {
    fileName: form.fileName,
    choices: form.choices,
    file: memorySource(form.bytes),
    size: form.bytes.length,
  };
}

/**
 * Reads and stages the upload, checks the person's choices against what it holds, then runs the
 * command startImport with them.
 */
async function readAndStart(
  request: Request,
  ctx: HandlerContext,
  caller: Extract<Awaited<ReturnType<typeof memberOf>>, { membership: unknown }>,
  type: string,
  { db, id, now }: { db: HandlerContext['database']['db']; id: string; now: Date },
): Promise<Response> {
  const form = await receiveUpload(request, type, { db, id, now });
  if ('response' in form) return form.response;
  const { file, size, fileName, choices: rawChoices } = form;
  let given: unknown = {};
  if (rawChoices?.trim())
    try {
      given = JSON.parse(rawChoices);
    } catch {
      return invalid({ choices: 'The choices must be JSON.' });
    }
  const choices = choicesSchema.safeParse(given);
  if (!choices.success) {
    const issue = choices.error.issues[0];
    return invalid({ [['choices', ...(issue?.path ?? [])].join('.')]: issue?.message ?? '' });
  }
  const { membership } = caller;
  const chosen = choices.data;
  const timeZone = chosen.timeZone ?? membership.rules.timeZone;
  if (!isTimeZone(timeZone))
    return invalid({ 'choices.timeZone': 'Choose a time zone from the list, like Europe/Berlin' });
  // In steps from here on (issue 32): reading, checking and storing a 15 MB file at once held
  // the server about 2.4 s; each step now holds it a few tens of milliseconds at most.
  await pauseForOthers();
  // Read as the preview read it: CSV or workbook, dates in the order chosen (issue 33).
  // The entries are staged as they are read, a slice at a time (issue 32): this request never
  // holds every entry of the file, and the job reads each batch's own rows from the table.
  const staging = uploadStaging(
    db,
    id,
    now,
    membership.rules.requireProjectAndTask,
    UPLOAD_PACE[ctx.database.kind],
  );
  // The rows that cannot be imported, handed over a slice at a time as the entries are: the
  // first 500 by line are kept for the result with their count, never every one of them.
  const problems = problemCollector(LISTED_SKIPPED);
  // Any CSV (issue 33): through the mapping given, else the one remembered for the file's shape.
  const me = { name: caller.session.user.name, email: caller.session.user.email };
  const through = await readThroughMapping(
    db,
    membership.workspaceId,
    file,
    {
      dateFormat: chosen.dateFormat,
      mapping: chosen.mapping,
      me,
      sink: staging.sink,
      problemSink: problems.add,
    },
    'choices.mapping',
  );
  if ('response' in through) return through.response;
  const read = through.file;
  const facts = await workspaceFacts(db, membership.workspaceId);
  // Every person of the file is mapped, those whose rows an earlier import wrote too: the
  // preview here is for its people and dates, not its figures, so it is given one entry of
  // each person, collected as the entries were staged.
  // A file with records (Hourmark's own export) keeps its logs in the answer, unstaged.
  const preview = buildPreview(
    { ...read, entries: read.structure ? read.entries : staging.people() },
    facts,
    {
      email: caller.session.user.email,
      memberId: membership.memberId,
      timeZone,
      currency: membership.currency ?? 'INR',
      requireProjectAndTask: membership.rules.requireProjectAndTask,
    },
  );
  const dateFormat = chosen.dateFormat ?? null;
  if (preview.mustChooseDateFormat && !dateFormat)
    return apiError(
      422,
      'choose_date_format',
      `Every date of this file reads in more than one order (${preview.dateFormats.join(', ')}): choose which one it is written in.`,
    );
  if (dateFormat && !preview.dateFormats.includes(dateFormat))
    return invalid({ 'choices.dateFormat': 'Not every date of the file reads in this order.' });
  const people = choosePeople(preview, chosen.people, facts.members, membership.memberId);
  if (!people.ok) return apiError(422, people.error as 'unknown_member', people.message);
  // The rate of each project the import creates (issue 47), from every row staged.
  const clientNames = new Map(facts.clients.map((c) => [c.id, c.name]));
  const projectsHere = new Set(
    facts.projects.map((p) =>
      projectKeyOf({
        client: p.clientId ? (clientNames.get(p.clientId) ?? '') : '',
        project: p.projectName,
      }),
    ),
  );
  const projectRates = chooseProjectRates(
    read.structure ? new Map() : staging.projectRates(),
    chosen.projectRates,
    (k) => projectsHere.has(k),
  );
  if (!projectRates.ok) return apiError(422, 'unknown_project', projectRates.message);
  // The person closed the page, or pressed Cancel, while the file was read: as the screen says,
  // nothing is imported (the caller removes what was stored).
  if (request.signal.aborted)
    return apiError(400, 'aborted', 'The upload was abandoned before the import started.');
  let skipped: { line: number; reason: string }[];
  let skippedCount: number;
  if (read.structure) {
    // A file of records is read whole: its problems are in the answer, in its lists' order.
    skipped = read.problems.slice(0, LISTED_SKIPPED);
    skippedCount = read.problems.length;
  } else {
    // Problems a read whole handed back in its answer are counted too.
    problems.add(read.problems);
    skipped = problems.listed();
    skippedCount = problems.count();
  }
  // The file's chunks were written as it arrived (receiveUpload); those of an upload that
  // stops here are removed by the caller, or by the job runner's tick after 7 days.
  // The command startImport (issue 48) stores the import and queues its job in one commit.
  const done = await execute(
    db,
    membership,
    'startImport',
    {
      workspaceId: membership.workspaceId,
      id,
      source: read.source,
      fileName: fileName.slice(0, 255),
      fileSize: size,
      choices: {
        timeZone,
        dateFormat,
        people: people.people,
        ...anyCsvChoice(through, me),
        // Marks the import's entries as staged (a file without time has none).
        ...(read.structure ? {} : { labourRates: staging.labourRates() }),
        projectRates: projectRates.rates,
        approveHistory: chosen.approveHistory,
      },
      // A file without time counts its records (issue 33).
      // Hourmark's own export counts its records and its logs.
      rows: read.structure
        ? structureItems(read.structure).length + read.entries.length
        : staging.count(),
      skipped,
      skippedCount,
    },
    now,
  );
  if (!done.ok) return refusalResponse(done);
  if (!done.result.ok) return apiError(done.result.status, done.result.error, done.result.message);
  const started = await importOf(db, id);
  return json(
    202,
    { import: started ? importView(started) : null } satisfies Answer<typeof startedImportResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/** GET /api/imports?workspace=…: the workspace's imports, newest first (Admins). */
export async function handleImports(request: Request, ctx: HandlerContext): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const caller = await readerOf(request, ctx, params.get('workspace') ?? '', 'imports');
  if ('response' in caller) return caller.response;
  const found = await importsOf(ctx.database.db, caller.membership.workspaceId);
  return json(
    200,
    { imports: found.map(importView) } satisfies Answer<typeof importsResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/** The import id in /api/imports/<id> or /api/imports/<id>/undo. */
function importIdOf(request: Request): string {
  const parts = new URL(request.url).pathname.split('/').filter(Boolean);
  const at = parts.lastIndexOf('imports');
  // Import ids are UUIDs: nothing to decode (a malformed escape must not throw).
  return at >= 0 ? (parts[at + 1] ?? '') : '';
}

const notFound = () => apiError(404, 'not_found', 'There is no such import.');

/** The import and its caller, an Admin of its workspace. */
async function callerOfImport(request: Request, ctx: HandlerContext) {
  const found = await importOf(ctx.database.db, importIdOf(request));
  const caller = await readerOf(request, ctx, found?.workspaceId ?? '', 'imports');
  if ('response' in caller) {
    // Signed out, and a member who is not an Admin, hear so; anyone else learns nothing of
    // another workspace's imports, not even that one exists.
    const { error } = (await caller.response.clone().json()) as { error?: string };
    return caller.response.status === 401 || error === 'forbidden'
      ? { response: caller.response }
      : { response: notFound() };
  }
  if (!found) return { response: notFound() };
  return { found, caller };
}

/** GET /api/imports/<id>: the import's status, progress and result (Admins). */
export async function handleImport(request: Request, ctx: HandlerContext): Promise<Response> {
  const got = await callerOfImport(request, ctx);
  if ('response' in got) return got.response;
  return json(
    200,
    { import: importView(got.found) } satisfies Answer<typeof importResponse>,
    refreshed(got.caller.session, request, ctx),
  );
}

/**
 * POST /api/imports/<id>/undo: removes what the import created, as far as nothing uses it. The
 * command undoImport (issue 48) is its first commit, through execute; an import of more logs
 * than one commit removes is finished by its batch loop (src/server/imports/undo.ts).
 */
export async function handleUndoImport(request: Request, ctx: HandlerContext): Promise<Response> {
  const got = await callerOfImport(request, ctx);
  if ('response' in got) return got.response;
  const { membership } = got.caller;
  const db = ctx.database.db;
  const now = ctx.now();
  const first = await execute(
    db,
    membership,
    'undoImport',
    { workspaceId: membership.workspaceId, id: got.found.id },
    now,
  );
  if (!first.ok) return refusalResponse(first);
  const outcome = await finishUndo(db, membership, got.found.id, first.result, now);
  if (!outcome.ok)
    return apiError(outcome.status, outcome.error as 'undo_refused', outcome.message);
  return json(
    200,
    { import: importView(outcome.import) } satisfies Answer<typeof importResponse>,
    refreshed(got.caller.session, request, ctx),
  );
}
