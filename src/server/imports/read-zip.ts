import { unzipSync } from 'fflate';
import {
  readImportFile,
  structureFile,
  type ReadImportFile,
  type ReadOptions,
} from '../../lib/import/read-file';
import {
  isTogglAccount,
  readTogglAccount,
  TOGGL_ACCOUNT_NAME,
} from '../../lib/import/toggl-account';

// A zip upload that is not a workbook (issue 33): Toggl Track's account export (a zip of JSON),
// or a zip holding one CSV export, read as that CSV. Its inflated size was counted against the
// cap by read-upload.ts before anything here inflates it.

/** The names of a zip's entries, none inflated; null when the zip is damaged. */
export function zipNames(bytes: Uint8Array): string[] | null {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return null;
  }
  return names;
}

/** An .xlsx workbook is a zip with its parts under xl/. */
export const isWorkbookZip = (names: readonly string[]) =>
  names.some((name) => name.startsWith('xl/')) || names.includes('[Content_Types].xml');

/** Entries that are files of the export, not folders or what macOS adds beside them. */
const isExportFile = (name: string) =>
  !name.endsWith('/') && !name.startsWith('__MACOSX/') && !/(^|\/)\.[^/]*$/.test(name);

const unreadableZip: ReadImportFile = {
  ok: false,
  error: 'unreadable_file',
  message:
    'This zip holds neither Toggl Track’s account export nor one CSV export. Upload the CSV file itself, or the zip Toggl sent as it is.',
};

/** Reads a zip that is not a workbook, already known to inflate to less than the cap. */
export function readZipUpload(bytes: Uint8Array, options: ReadOptions): ReadImportFile {
  let inflated: Record<string, Uint8Array>;
  try {
    inflated = unzipSync(bytes, { filter: (file) => isExportFile(file.name) });
  } catch {
    return {
      ok: false,
      error: 'unreadable_file',
      message:
        'This zip could not be read: it is damaged or cut off. Download it again and upload it.',
    };
  }
  const paths = Object.keys(inflated);
  const csvs = paths.filter((path) => /\.csv$/i.test(path));
  if (csvs.length === 1 && paths.length === 1) {
    const only = inflated[csvs[0] ?? ''];
    return only ? readImportFile(only, options) : unreadableZip;
  }
  // Toggl's files, at the zip's top or in one folder.
  const decoder = new TextDecoder('utf-8');
  const texts = new Map<string, string>();
  const folder =
    paths.find((path) => path.endsWith('/clients.json'))?.slice(0, -'clients.json'.length) ?? '';
  for (const path of paths) {
    if (!path.startsWith(folder) || !path.endsWith('.json')) continue;
    texts.set(path.slice(folder.length), decoder.decode(inflated[path]));
  }
  if (!isTogglAccount(texts)) return unreadableZip;
  const read = readTogglAccount(texts);
  if (!read.ok) return { ok: false, error: 'unreadable_file', message: read.message };
  return structureFile('toggl-account', TOGGL_ACCOUNT_NAME, 'UTF-8', read.structure, read.problems);
}
