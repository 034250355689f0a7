import type { CsvRow } from '../../lib/import/csv-rows';
import {
  emptyFile,
  readImportFile,
  readImportRows,
  type ReadImportFile,
  type ReadOptions,
} from '../../lib/import/read-file';
import { readHourmarkUpload, startsLikeJson } from './read-hourmark';
import { isWorkbookZip, readZipUpload, zipRefused } from './read-zip';
import { readSheetInThread } from './workbook-thread';
import { zipDirectory, type ZipEntry } from './zip-directory';
import { inflateEntry } from './zip-inflate';
import { inZipSlot, ZipSlotsBusy } from './zip-slots';

// An uploaded file, CSV or Excel workbook (issue 33): a workbook (an .xlsx is a zip of XML) is
// recognised by its first bytes, and its zip checked before it is parsed (issue 46): its
// directory (zip-directory.ts: no entry listed twice or sharing bytes, the sizes it declares
// within the cap), then every part the parser reads inflated once in bounded pieces, held to
// its declared size and CRC, with no run of text longer than a cell (zip-inflate.ts). Only then
// is its first sheet parsed, in a worker thread with a memory limit (workbook-thread.ts), and
// its rows read by the same sources as a CSV file's. At most ZIP_SLOTS such reads run at once
// in a process (zip-slots.ts).

/**
 * Most bytes a workbook may inflate to. A sheet's XML compresses about 10 to 1, so this is a
 * workbook of roughly 20 MB, some 150,000 rows; larger histories are imported as CSV (up to 50 MB)
 * or in periods. A zip that declares more is refused before a byte is inflated.
 */
export const MAX_WORKBOOK_INFLATED_BYTES = 200 * 1024 * 1024;

/**
 * Most bytes any other zip (Toggl's account export, one zipped CSV) may inflate to: its files
 * are held whole to be read, and a CSV sent as it is may be no larger.
 */
export const MAX_ZIPPED_EXPORT_BYTES = 50 * 1024 * 1024;

/**
 * The most bytes of a workbook's XML between two tags: Excel holds a cell to 32,767 characters,
 * some 200 KB at worst written as UTF-8 with entities; a longer run is a bomb, not a sheet.
 */
export const MAX_WORKBOOK_TEXT_RUN = 1024 * 1024;

const ZIP_MARK = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_MARK.every((b, i) => bytes[i] === b);

const unreadableWorkbook: ReadImportFile = {
  ok: false,
  error: 'unreadable_file',
  message:
    'This file is a zip or an Excel workbook that could not be read. Export the report again as CSV or Excel (.xlsx) and upload that file.',
};

const tooLarge = (what: 'workbook' | 'zip', cap: number): ReadImportFile => ({
  ok: false,
  error: 'unreadable_file',
  message: `This ${what} unpacks to more than ${Math.round(cap / 1024 / 1024)} MB, more than an import reads. Export a shorter period, or the report as CSV, and import that.`,
});

const tooLongText: ReadImportFile = {
  ok: false,
  error: 'unreadable_file',
  message:
    'This workbook holds a cell longer than a spreadsheet allows (32,767 characters). Export the report again as CSV or Excel (.xlsx) and upload that file.',
};

const tooMuchMemory: ReadImportFile = {
  ok: false,
  error: 'unreadable_file',
  message:
    'This workbook takes more memory to read than an import may use. Export a shorter period, or the report as CSV, and import that.',
};

const busy: ReadImportFile = {
  ok: false,
  error: 'server_busy',
  message:
    'The server is reading other zips and workbooks just now. Try again in a minute, or upload the report as CSV.',
};

/** The parts read-excel-file reads (its own filter): only these are inflated by it. */
const isSheetPart = (entry: ZipEntry) =>
  entry.name.endsWith('.xml') || entry.name.endsWith('.xml.rels');

/** A spreadsheet cell as the text a CSV export would hold. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) {
    // read-excel-file gives a cell's wall-clock time as UTC. A date cell is read as its day (Kimai's
    // Date cell holds the start, formatted yyyy-mm-dd); a time alone (Excel's day 0) as a time.
    const iso = value.toISOString();
    return value.getUTCFullYear() < 1901 ? iso.slice(11, 19) : iso.slice(0, 10);
  }
  // read-excel-file gives no other kind of value.
  return '';
}

/** The first sheet's cells, once every part the parser reads was inflated and checked. */
async function sheetOf(bytes: Uint8Array, entries: readonly ZipEntry[]) {
  for (const entry of entries.filter(isSheetPart)) {
    const part = await inflateEntry(bytes, entry, {
      keep: false,
      maxTextRun: MAX_WORKBOOK_TEXT_RUN,
    });
    if (!part.ok) return part.refusal === 'long_text' ? tooLongText : unreadableWorkbook;
  }
  const sheet = await readSheetInThread(bytes);
  if (sheet.ok) return sheet.rows;
  return sheet.reason === 'unreadable' ? unreadableWorkbook : tooMuchMemory;
}

/** A zip upload: a workbook's first sheet, or another zip's export, read by the source it is. */
async function readZip(
  bytes: Uint8Array,
  options: ReadOptions,
  cap: number,
): Promise<ReadImportFile> {
  const directory = zipDirectory(bytes);
  if (!directory.ok)
    return directory.refusal === 'damaged' ? unreadableWorkbook : zipRefused(directory.refusal);
  // Any other zip (issue 33): Toggl's account export, or one CSV export zipped.
  const workbook = isWorkbookZip(directory.entries.map((entry) => entry.name));
  const limit = workbook ? cap : Math.min(cap, MAX_ZIPPED_EXPORT_BYTES);
  if (directory.declaredSize > limit) return tooLarge(workbook ? 'workbook' : 'zip', limit);
  try {
    return await inZipSlot(async () => {
      if (!workbook) return readZipUpload(bytes, directory.entries, options);
      const sheet = await sheetOf(bytes, directory.entries);
      return Array.isArray(sheet) ? readSheetRows(sheet, options) : sheet;
    });
  } catch (error) {
    if (error instanceof ZipSlotsBusy) return busy;
    throw error;
  }
}

/** A sheet's rows read by the source its header is recognised as. */
function readSheetRows(sheet: readonly unknown[][], options: ReadOptions): ReadImportFile {
  // Spreadsheet rows are numbered as the spreadsheet shows them; blank rows (and Kimai's totals
  // row, whose formulas have no stored values) are skipped, as blank lines of a CSV file are.
  const rows: CsvRow[] = [];
  sheet.forEach((cells, index) => {
    const texts = cells.map(cellText);
    if (texts.some((text) => text.trim() !== '')) rows.push({ line: index + 1, cells: texts });
  });
  const [header, ...data] = rows;
  if (!header) return emptyFile;
  // A sheet's rows are as wide as its widest row; trailing empty cells do not make a row wrong.
  const width = header.cells.length;
  const trimmed = (row: CsvRow): CsvRow => {
    let end = row.cells.length;
    while (end > width && row.cells[end - 1] === '') end -= 1;
    return { line: row.line, cells: row.cells.slice(0, Math.max(end, width)) };
  };
  return readImportRows(
    header.cells,
    (visit) => data.forEach((row) => visit(trimmed(row))),
    'XLSX',
    options,
  );
}

/** Reads an uploaded file, CSV, Excel workbook or JSON, as far as can be without a workspace. */
export async function readImportUpload(
  bytes: Uint8Array,
  options: ReadOptions = {},
  cap = MAX_WORKBOOK_INFLATED_BYTES,
): Promise<ReadImportFile> {
  if (isZip(bytes)) return readZip(bytes, options, cap);
  // Hourmark's own export (issue 32).
  if (startsLikeJson(bytes)) return readHourmarkUpload(bytes);
  return readImportFile(bytes, options);
}
