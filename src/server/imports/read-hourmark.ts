import { decodeCsvBytes } from '../../lib/import/decode-bytes';
import { HOURMARK_NAME, readHourmarkExport } from '../../lib/import/hourmark';
import { structureFile, type ReadImportFile } from '../../lib/import/read-file';
import { pauseForOthers } from './pause-for-others';

// Hourmark's own export as an upload (issue 32): recognised by its first byte (a JSON object or
// list, after a byte order mark and white space), so a CSV file is never decoded twice.

const WHITE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The upload starts like JSON: `{` or `[` after an optional UTF-8 BOM and white space. */
export function startsLikeJson(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && WHITE.has(bytes[at] ?? 0)) at += 1;
  return bytes[at] === 0x7b || bytes[at] === 0x5b;
}

/** Reads an upload that starts like JSON as Hourmark's own export. */
export async function readHourmarkUpload(bytes: Uint8Array): Promise<ReadImportFile> {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { ok: false, error: 'unreadable_file', message: decoded.message };
  // Decoding 100,000 logs takes about a second: the server answers others between slices.
  const read = await readHourmarkExport(decoded.text, pauseForOthers);
  if (!read.ok) return { ok: false, error: 'unreadable_file', message: read.message };
  const file = structureFile(
    'hourmark',
    HOURMARK_NAME,
    decoded.encoding,
    read.structure,
    read.problems,
  );
  return file.ok ? { ...file, entries: read.entries } : file;
}
