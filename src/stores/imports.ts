import { atom } from 'nanostores';
import type { AnyCsvMapping } from '../lib/import/any-csv-mapping';
import {
  importPreviewResponse,
  importResponse,
  importsResponse,
  startedImportResponse,
} from '../lib/contracts/imports';
import { callApi, type ApiResult } from './api';
import { postFormWithProgress, type SendProgress } from './send-form';
import { $cacheOwner } from './sync/owner';
import type {
  Counted,
  ImportChoices,
  ImportPreview,
  ImportStatus,
  ImportView,
  PersonChoice,
  PersonPreview,
  UndoResult,
} from '../lib/import/shapes';

// Imports from other tools (issue 32), over HTTP: the preview of a file, starting an import,
// following it, its history and undo. The shapes are docs/api.md's Imports section, shared with
// the server through src/lib/import/shapes.ts.

/** The largest file the server takes (docs/api.md): refused here before it is sent. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Who a person of the file becomes, as sent in `choices.people`. */
export type PersonKind = PersonChoice['as'];
export type PersonMapping = PersonChoice;
export type { SendProgress };
export type {
  Counted,
  ImportChoices,
  ImportPreview,
  ImportStatus,
  ImportView,
  PersonPreview,
  UndoResult,
};

const workspace = () => encodeURIComponent($cacheOwner.get()?.workspaceId ?? '');

/** What importing `file` would do; nothing is written. */
export function previewImport(
  file: Blob,
  timeZone: string,
  mapping?: AnyCsvMapping,
): Promise<ApiResult<{ preview: ImportPreview }>> {
  const zone = timeZone ? `&timeZone=${encodeURIComponent(timeZone)}` : '';
  // Any CSV (issue 33): which column is what, for a file no known source recognises.
  const mapped = mapping ? `&mapping=${encodeURIComponent(JSON.stringify(mapping))}` : '';
  return callApi(
    `/api/imports/preview?workspace=${workspace()}${zone}${mapped}`,
    importPreviewResponse,
    { file },
  );
}

/**
 * Starts importing `file` with the person's choices; the server runs it as a job. With
 * `onProgress`, the form is sent through XMLHttpRequest so the screen can show how much of the
 * file has gone (send-form.ts); the call and its answers are the same.
 */
export async function startImport(
  file: File,
  choices: Omit<ImportChoices, 'anyCsv'> & { mapping?: AnyCsvMapping | undefined },
  onProgress?: (progress: SendProgress) => void,
  signal?: AbortSignal,
): Promise<ApiResult<{ import: ImportView }>> {
  const form = new FormData();
  form.append('file', file, file.name);
  // The server takes no nulls: a date order or member id not chosen is left out.
  const sent = {
    timeZone: choices.timeZone,
    ...(choices.dateFormat ? { dateFormat: choices.dateFormat } : {}),
    ...(choices.mapping ? { mapping: choices.mapping } : {}),
    ...(choices.projectRates ? { projectRates: choices.projectRates } : {}),
    ...(choices.approveHistory === undefined ? {} : { approveHistory: choices.approveHistory }),
    people: choices.people.map((person) => ({
      email: person.email,
      name: person.name,
      as: person.as,
      ...(person.as === 'member' && person.memberId ? { memberId: person.memberId } : {}),
    })),
  };
  form.append('choices', JSON.stringify(sent));
  const path = `/api/imports?workspace=${workspace()}`;
  const answer = await (onProgress
    ? postFormWithProgress(path, startedImportResponse, form, onProgress, signal)
    : callApi(path, startedImportResponse, { form, ...(signal ? { signal } : {}) }));
  if (!answer.ok) return answer;
  const started = answer.data.import;
  // The server answers null when the queued import was gone before it was read back.
  return started
    ? { ...answer, data: { import: started } }
    : { ok: false, status: answer.status, error: 'not_found', message: importGone };
}

const importGone = 'The import was started but cannot be found now. Check the list of imports.';

/** The workspace's imports, newest first. */
export function listImports(): Promise<ApiResult<{ imports: ImportView[] }>> {
  return callApi(`/api/imports?workspace=${workspace()}`, importsResponse);
}

/** One import: its status, progress and result. */
export function getImport(id: string): Promise<ApiResult<{ import: ImportView }>> {
  return callApi(`/api/imports/${encodeURIComponent(id)}`, importResponse);
}

/** Removes what the import created, as far as nothing uses it since. */
export function undoImport(id: string): Promise<ApiResult<{ import: ImportView }>> {
  return callApi(`/api/imports/${encodeURIComponent(id)}/undo`, importResponse, {
    method: 'POST',
  });
}

/**
 * A file chosen under Your data → Import an export file (Hourmark's own export, issue 32),
 * handed to Import from another tool, whose screens preview and import it on the server.
 */
export const $handedImportFile = atom<File | null>(null);
