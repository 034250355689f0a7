import { callApi, type ApiResult } from './api';
import { $cacheOwner } from './sync/owner';

// Imports from other tools (issue 32), over HTTP: the preview of a file, starting an import,
// following it, its history and undo. The shapes are those of docs/api.md's Imports section
// (islands reach the server only over HTTP, so they are written out here).

/** The largest file the server takes (docs/api.md): refused here before it is sent. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export interface Counted {
  create: number;
  match: number;
  created: string[];
}

export type PersonKind = 'me' | 'member' | 'new';

export interface PersonPreview {
  name: string;
  email: string;
  rows: number;
  seconds: number;
  suggestion: { kind: PersonKind; memberId: string | null; memberName: string };
}

export interface ImportPreview {
  source: string;
  sourceName: string;
  encoding: string;
  timeZone: string;
  dateFormats: string[];
  mustChooseDateFormat: boolean;
  rows: { importable: number; refused: number; alreadyImported: number };
  dateRange: { from: string; to: string } | null;
  totalSeconds: number;
  billableSeconds: number;
  clients: Counted;
  projects: Counted;
  tasks: Counted;
  tags: Counted;
  members: Counted;
  people: PersonPreview[];
  amounts: {
    fileCurrency: string | null;
    fileMinor: number;
    workspaceCurrency: string;
    pricedRows: number;
    workspaceMinor: number;
    fileMinorOfPricedRows: number;
  };
  problems: { line: number; reason: string }[];
}

/** Who a person of the file becomes, as sent in `choices.people`. */
export interface PersonMapping {
  email: string;
  name: string;
  as: PersonKind;
  memberId: string | null;
}

export interface ImportChoices {
  timeZone: string;
  dateFormat: string | null;
  people: PersonMapping[];
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed' | 'undone';

interface CreatedRecord {
  id: string;
  name: string;
}

export interface UndoResult {
  removed: { logs: number; clients: number; projects: number; tasks: number; members: number };
  kept: { kind: string; id: string; name: string; why: string }[];
}

export interface ImportView {
  id: string;
  status: ImportStatus;
  source: string;
  fileName: string;
  fileSize: number;
  startedBy: string;
  createdAt: string;
  finishedAt: string | null;
  timeZone: string;
  dateFormat: string | null;
  people: PersonMapping[];
  progress: { done: number; total: number };
  result: {
    created: {
      clients: CreatedRecord[];
      projects: CreatedRecord[];
      tasks: CreatedRecord[];
      tags: string[];
      members: (CreatedRecord & { person: string })[];
    };
    logs: number;
    seconds: number;
    alreadyImported: number;
    skipped: { line: number; reason: string }[];
    skippedCount: number;
    undo: UndoResult | null;
  };
  error: string | null;
}

const workspace = () => encodeURIComponent($cacheOwner.get()?.workspaceId ?? '');

/** What importing `file` would do; nothing is written. */
export function previewImport(
  file: Blob,
  timeZone: string,
): Promise<ApiResult<{ preview: ImportPreview }>> {
  const zone = timeZone ? `&timeZone=${encodeURIComponent(timeZone)}` : '';
  return callApi(`/api/imports/preview?workspace=${workspace()}${zone}`, { file });
}

/** Starts importing `file` with the person's choices; the server runs it as a job. */
export function startImport(
  file: File,
  choices: ImportChoices,
): Promise<ApiResult<{ import: ImportView }>> {
  const form = new FormData();
  form.append('file', file, file.name);
  // The server takes no nulls: a date order or member id not chosen is left out.
  const sent = {
    timeZone: choices.timeZone,
    ...(choices.dateFormat ? { dateFormat: choices.dateFormat } : {}),
    people: choices.people.map((person) => ({
      email: person.email,
      name: person.name,
      as: person.as,
      ...(person.as === 'member' && person.memberId ? { memberId: person.memberId } : {}),
    })),
  };
  form.append('choices', JSON.stringify(sent));
  return callApi(`/api/imports?workspace=${workspace()}`, { form });
}

/** The workspace's imports, newest first. */
export function listImports(): Promise<ApiResult<{ imports: ImportView[] }>> {
  return callApi(`/api/imports?workspace=${workspace()}`);
}

/** One import: its status, progress and result. */
export function getImport(id: string): Promise<ApiResult<{ import: ImportView }>> {
  return callApi(`/api/imports/${encodeURIComponent(id)}`);
}

/** Removes what the import created, as far as nothing uses it since. */
export function undoImport(id: string): Promise<ApiResult<{ import: ImportView }>> {
  return callApi(`/api/imports/${encodeURIComponent(id)}/undo`, { method: 'POST' });
}
