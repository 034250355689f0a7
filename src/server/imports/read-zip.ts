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
import type { ZipEntry, ZipRefusal } from './zip-directory';
import { inflateEntry } from './zip-inflate';

// A zip upload that is not a workbook (issue 33): Toggl Track's account export (a zip of JSON),
// or a zip holding one CSV export, read as that CSV. Its directory was checked and its declared
// size weighed against the cap by read-upload.ts; each entry is inflated here once, held to its
// declared size and CRC (issue 46).

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

const damagedZip: ReadImportFile = {
  ok: false,
  error: 'unreadable_file',
  message: 'This zip could not be read: it is damaged or cut off. Download it again and upload it.',
};

/** Why a zip whose directory was refused cannot be imported, in the person's words. */
export function zipRefused(refusal: Exclude<ZipRefusal, 'damaged'>): ReadImportFile {
  const messages: Record<typeof refusal, string> = {
    duplicate:
      'This zip lists a file twice under one name, as no export does. Export the file again and upload that.',
    overlap:
      'This zip lists the same packed data under more than one file, as no export does. Export the file again and upload that.',
    encrypted:
      'This zip is protected by a password. Export the file again without one, or upload the CSV file itself.',
    method:
      'This zip is packed in a way imports do not read (only stored or deflated files). Upload the CSV file itself, or the zip as the tool exported it.',
  };
  return { ok: false, error: 'unreadable_file', message: messages[refusal] };
}

/** The export's files inflated, by path; null when one is damaged. */
async function inflatedFiles(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
): Promise<Map<string, Uint8Array> | null> {
  const files = new Map<string, Uint8Array>();
  for (const entry of entries.filter((entry) => isExportFile(entry.name))) {
    const inflated = await inflateEntry(bytes, entry, { keep: true });
    if (!inflated.ok || !inflated.bytes) return null;
    files.set(entry.name, inflated.bytes);
  }
  return files;
}

/** Reads a zip that is not a workbook, its directory checked and within the cap. */
export async function readZipUpload(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  options: ReadOptions,
): Promise<ReadImportFile> {
  const inflated = await inflatedFiles(bytes, entries);
  if (!inflated) return damagedZip;
  const paths = [...inflated.keys()];
  const csvs = paths.filter((path) => /\.csv$/i.test(path));
  if (csvs.length === 1 && paths.length === 1) {
    const only = inflated.get(csvs[0] ?? '');
    return only ? readImportFile(only, options) : unreadableZip;
  }
  // Toggl's files, at the zip's top or in one folder.
  const decoder = new TextDecoder('utf-8');
  const texts = new Map<string, string>();
  const folder =
    paths.find((path) => path.endsWith('/clients.json'))?.slice(0, -'clients.json'.length) ?? '';
  for (const [path, file] of inflated) {
    if (!path.startsWith(folder) || !path.endsWith('.json')) continue;
    texts.set(path.slice(folder.length), decoder.decode(file));
  }
  if (!isTogglAccount(texts)) return unreadableZip;
  const read = readTogglAccount(texts);
  if (!read.ok) return { ok: false, error: 'unreadable_file', message: read.message };
  return structureFile('toggl-account', TOGGL_ACCOUNT_NAME, 'UTF-8', read.structure, read.problems);
}
