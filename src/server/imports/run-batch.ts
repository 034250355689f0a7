import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { textAsParagraph } from '../../lib/html-text';
import type { ImportEntry } from '../../lib/import/entry';
import { latestLabourRates } from '../../lib/import/labour-rates';
import { structureItems } from '../../lib/import/structure';
import { missingLogFields } from '../../lib/policy';
import { lockedUpTo } from '../../lib/workspace-rules';
import type { Db } from '../db/connect';
import { recomputeTouched, type LogScope } from '../sync/amounts';
import type { ApplyContext } from '../sync/apply';
import { rows, type Fields } from '../sync/records';
import { fileEntries, forgetEntries } from './file-entries';
import { logsAlreadyHere } from './logs-here';
import { stagedEntries } from './staged-entries';
import { recordsOfRows, type RowRecords } from './records-of-rows';
import { commitBatch } from './batch-start';
import { tellImportEnded } from './import-ended';
import { importOf, LISTED_SKIPPED, saveProgress, type ImportResult, type ImportRow } from './store';
import type { ImportStructure } from '../../lib/import/structure';
import { structureStep } from './structure-step';
import { recordFacts } from './workspace-facts';
import { writeLogs, type PlannedLog } from './write-logs';

// One batch of an import (issue 32): the next rows of the stored file, written through the one
// commit (one version, one change-history entry, one poke), with each created log's fingerprint
// and the import's new position in the same transaction. A process that dies mid-batch leaves
// nothing of it; the next run starts at the stored position, so nothing is written twice. All
// state is in the database: any process can run the next batch.

/**
 * Rows per batch at most: each batch is one transaction, which on PGlite holds the only
 * connection, so it stays short (pages go on being served between batches). A batch also stops
 * taking rows once it has run BATCH_BUDGET_MS past its first BATCH_MIN_ROWS rows: a row whose
 * client, project, task or member is new creates it through the policy (several statements).
 */
export const BATCH_ROWS = 250;
export const BATCH_MIN_ROWS = 25;
export const BATCH_BUDGET_MS = 150;
/** Records (clients, projects, tasks, members) a batch creates at most, each through the policy. */
export const BATCH_CREATIONS = 8;

/** What one step came to: more batches to run, or the import ended (done or failed). */
export type StepOutcome = 'more' | 'ended';

const HOUR = 3600;
const clockAfter = (start: string, seconds: number) => {
  const [h = 0, m = 0] = start.split(':').map(Number);
  const minutes = Math.floor((h * HOUR + m * 60 + seconds) / 60) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/**
 * The workspace's tags as this process's first batch of an import read them (with the tags the
 * import created since), so later batches need not scan every log; a cache of the last imports.
 */
const tagsKept = new Map<string, string[]>();
const KEPT_TAGS = 4;

/** Forgets what this process kept of an import (its tags, and the entries of an older import). */
function forget(importId: string) {
  forgetEntries(importId);
  tagsKept.delete(importId);
}

/** The rows of one batch, from the staging table, or from the file of an import older than it. */
interface BatchRows {
  batch: ImportEntry[];
  prints: string[];
  /** Rows of the file in all (the position the import is done at). */
  total: number;
  /** Records taken before the logs (Hourmark's own export), counted in the position; or 0. */
  offset: number;
  labourRates: Map<string, number>;
  structure?: ImportStructure | undefined;
}

async function batchRows(db: Db, started: ImportRow, batchSize: number): Promise<BatchRows | null> {
  const from = started.position;
  const { choices } = started;
  // Staged at the upload (issue 32): only this batch's rows are read.
  if (choices.labourRates !== undefined) {
    const { entries, prints } = await stagedEntries(db, started.id, from, batchSize);
    // Rows left to do but none staged: removed meanwhile (7 days passed), the file is gone.
    if (entries.length === 0 && from < started.totalRows) return null;
    return {
      batch: entries,
      prints,
      total: started.totalRows,
      offset: 0,
      labourRates: new Map(Object.entries(choices.labourRates)),
    };
  }
  // Read outside any transaction: decoding a large file must not hold the database.
  const file = await fileEntries(db, started.id, choices.dateFormat, choices.anyCsv);
  if (!file) return null;
  file.labourRates ??= latestLabourRates(file.entries);
  const offset =
    file.structure && file.entries.length > 0 ? structureItems(file.structure).length : 0;
  const at = Math.max(0, from - offset);
  return {
    batch: file.entries.slice(at, at + batchSize),
    prints: file.prints.slice(at, at + batchSize),
    total: offset + file.entries.length,
    offset,
    labourRates: file.labourRates,
    structure: file.structure,
  };
}

const skip = (result: ImportResult, line: number, reason: string) => {
  result.skippedCount += 1;
  if (result.skipped.length < LISTED_SKIPPED) result.skipped.push({ line, reason });
};

/**
 * Marks an import failed with why (its file removed), unless it already ended; the listeners
 * hear it end in the same transaction, with the row locked, so of two processes failing one
 * import (or one failing it as another's batch ends it) only the first tells.
 */
export async function failImport(db: Db, importId: string, error: string, now: Date) {
  const why = error.slice(0, 1000);
  const ended = await db.transaction(async (tx) => {
    const found = await importOf(tx, importId, true);
    if (!found || (found.status !== 'queued' && found.status !== 'running')) return false;
    await saveProgress(tx, importId, {
      status: 'failed',
      position: found.position,
      result: found.result,
      error: why,
      now,
    });
    await tellImportEnded(tx, found, 'failed', why);
    return true;
  });
  if (ended) forget(importId);
}

/**
 * Runs the next batch of the import. `'more'` when rows are left; `'ended'` when it is done, or
 * failed (its file gone, its importer no longer an Admin), or not under way.
 */
export async function importStep(
  db: Db,
  importId: string,
  now: Date,
  batchSize = BATCH_ROWS,
): Promise<StepOutcome> {
  const started = await importOf(db, importId);
  if (!started || (started.status !== 'queued' && started.status !== 'running')) return 'ended';
  const file = await batchRows(db, started, batchSize);
  if (!file) {
    await failImport(db, importId, 'The file of this import is gone or no longer reads.', now);
    return 'ended';
  }
  const from = started.position;
  const { batch, prints } = file;
  const userId = started.userId;
  if (!userId) {
    await failImport(db, importId, 'The person who started this import left.', now);
    return 'ended';
  }
  // A file of clients and projects without time (issue 33) is taken record by record.
  // Hourmark's own export (issue 32): its records first, then its logs; the position counts both.
  if (file.structure && (file.total === file.offset || from < file.offset))
    return structureStep(
      db,
      importId,
      file.structure,
      now,
      (error) => failImport(db, importId, error, now),
      file.total - file.offset,
    );
  const createdCount = (r: ImportResult) =>
    r.created.clients.length +
    r.created.projects.length +
    r.created.tasks.length +
    r.created.members.length;
  return commitBatch(
    db,
    { workspaceId: started.workspaceId, userId },
    importId,
    from,
    now,
    { fail: (error) => failImport(db, importId, error, now), ended: () => forget(importId) },
    async ({ tx, version, current, membership }) => {
      const result = current.result;
      const createdBefore = createdCount(result);
      const seen = new Set(
        prints.length === 0
          ? []
          : (
              await rows<{ fingerprint: string }>(
                tx,
                sql`SELECT fingerprint FROM import_fingerprints WHERE workspace_id = ${started.workspaceId}
                  AND fingerprint IN (${sql.join(
                    prints.map((p) => sql`${p}`),
                    sql`, `,
                  )})`,
              )
            ).map((r) => r.fingerprint),
      );
      // Hourmark's own export, back in the workspace it came from: its logs are there already.
      for (const here of await logsAlreadyHere(tx, started.workspaceId, batch))
        seen.add(prints[batch.indexOf(here)] ?? '');
      const touched: LogScope[] = [];
      const ctx: ApplyContext = { runner: tx, membership, version, now, touched };
      const facts = await recordFacts(tx, started.workspaceId, tagsKept.get(importId));
      if (!tagsKept.has(importId)) {
        tagsKept.set(importId, facts.tags);
        while (tagsKept.size > KEPT_TAGS) tagsKept.delete(tagsKept.keys().next().value ?? '');
      }
      const records = recordsOfRows(
        ctx,
        facts,
        current.choices.people,
        result,
        file.labourRates,
        current.choices.projectRates,
      );
      // Imports before issue 47 left history on projects asking for approval pending.
      const approveHistory = current.choices.approveHistory ?? false;
      const locked = lockedUpTo(membership.rules, now);
      const planned: (PlannedLog & { print: string; seconds: number })[] = [];
      const skipped: { line: number; reason: string }[] = [];
      const began = performance.now();
      let done = 0;
      // The rows' records first (found, or created once through applyMutation); this is where
      // a batch may take long (a file's first batches create most records), so it stops early.
      for (const [index, entry] of batch.entries()) {
        if (index >= BATCH_MIN_ROWS && performance.now() - began > BATCH_BUDGET_MS) break;
        if (index > 0 && records.created() >= BATCH_CREATIONS) break;
        done = index + 1;
        const print = prints[index] ?? '';
        if (seen.has(print)) {
          result.alreadyImported += 1;
          continue;
        }
        // The policy's rule (missingLogFields), asked before the row's records are created so
        // a refused row creates none, in the preview's words.
        const missing = missingLogFields(membership.rules, {
          projectId: entry.project.trim() || null,
          taskId: entry.task.trim() || null,
        });
        if (missing.length > 0) {
          skipped.push({
            line: entry.line,
            reason: `This workspace requires a project and a task on every log, and this row has no ${missing[0] === 'projectId' ? 'project' : 'task'}.`,
          });
          continue;
        }
        const rowRecords = await records.of(entry);
        const fields = logFields(entry, rowRecords, locked, approveHistory);
        if (typeof fields === 'string') {
          skipped.push({ line: entry.line, reason: fields });
          continue;
        }
        planned.push({
          line: entry.line,
          id: randomUUID(),
          fields,
          print,
          seconds: entry.durationSeconds,
          // Approved by the import's choice, not by the file nor a lock: the audit log says so.
          ...(approvedByChoice(entry, rowRecords, locked, approveHistory)
            ? { audit: { rules: ['approved'], reason: APPROVED_BY_IMPORT } }
            : {}),
        });
      }
      // Then the logs, judged by the one policy in memory and written a few statements a batch.
      const outcome = await writeLogs(ctx, planned);
      const writtenIds = new Set(outcome.written.map((w) => w.id));
      const written = planned.filter((log) => writtenIds.has(log.id));
      skipped.push(...outcome.refused);
      for (const s of skipped.sort((a, b) => a.line - b.line)) skip(result, s.line, s.reason);
      for (const log of written) {
        result.logs += 1;
        result.seconds += log.seconds;
      }
      await recomputeTouched(tx, started.workspaceId, touched);
      if (written.length > 0)
        await tx.execute(sql`
          INSERT INTO import_fingerprints (workspace_id, fingerprint, import_id, time_log_id, created_at)
          VALUES ${sql.join(
            written.map(
              (w) =>
                sql`(${started.workspaceId}, ${w.print}, ${importId}, ${w.id}, ${now.toISOString()})`,
            ),
            sql`, `,
          )} ON CONFLICT DO NOTHING`);
      const position = from + done;
      const ended = position >= file.total;
      return {
        changed: written.length + createdCount(result) - createdBefore,
        ended,
        position,
        result,
        details: { fromLine: batch[0]?.line ?? null, rows: done, logs: written.length },
      };
    },
  );
}

/** The audit log's reason for a log the import approved because the person chose so. */
export const APPROVED_BY_IMPORT =
  'Imported as approved: history agreed in the other tool (the import’s “Import as approved” choice).';

/**
 * Whether the row would wait for approval if the import did not approve history. Hourmark's own
 * export says each log's state itself (a log pending there stays pending here).
 */
const waitsForApproval = (entry: ImportEntry, records: RowRecords, locked: string | null) =>
  records.approval && !entry.approved && (locked === null || entry.date > locked);

/** Whether the row is approved only because the person chose to import history as approved. */
const approvedByChoice = (
  entry: ImportEntry,
  records: RowRecords,
  locked: string | null,
  approveHistory: boolean,
) => approveHistory && !entry.hourmark && waitsForApproval(entry, records, locked);

/** A row's log as addTimeLog takes it, or why the row cannot be one. */
function logFields(
  entry: ImportEntry,
  records: RowRecords,
  locked: string | null,
  approveHistory: boolean,
): Fields | string {
  const tags = records.tags.join(', ');
  if (tags.length > 500) return 'The row’s tags are longer than 500 characters together.';
  // A row of a project that asks for approval is approved when the person chose to import
  // history as approved (issue 47, the default: it was agreed in the other tool), when the file
  // says it was approved (Harvest's Approved?) or when the period it is in is locked already
  // (nobody could approve it any more); else pending. The importing Admin's approval passes the
  // one policy.
  const pending =
    waitsForApproval(entry, records, locked) &&
    !approvedByChoice(entry, records, locked, approveHistory);
  return {
    date: entry.date,
    projectId: records.projectId,
    taskId: records.taskId,
    memberId: records.memberId,
    tags,
    // Hourmark's own export keeps its HTML, end and expenses (sanitised when read).
    desc: entry.hourmark?.descriptionHtml ?? textAsParagraph(entry.description),
    dur: entry.durationSeconds,
    st: entry.startTime,
    end: entry.hourmark?.endTime ?? clockAfter(entry.startTime, entry.durationSeconds),
    exp: entry.hourmark?.expenses ?? 0,
    status: pending ? 'pending' : 'approved',
    billable: entry.billable,
    // Invoiced in the old tool: never offered on Uninvoiced (written only when so, as older logs lack it).
    ...(entry.invoicedElsewhere ? { invoicedElsewhere: true } : {}),
  };
}
