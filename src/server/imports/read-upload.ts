import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import type { CsvRow } from '../../lib/import/csv-rows';
import {
  emptyFile,
  readImportFile,
  readImportRows,
  type ReadImportFile,
  type ReadOptions,
} from '../../lib/import/read-file';
import { readHourmarkUpload, startsLikeJson } from './read-hourmark';
import { isWorkbookZip, readZipUpload, zipNames } from './read-zip';

// An uploaded file, CSV or Excel workbook (issue 33): a workbook (an .xlsx is a zip of XML) is
// recognised by its first bytes, its inflated size measured against a cap BEFORE it is parsed
// (a zip bomb of a few KB may inflate to gigabytes), and its first sheet's rows read by the same
// sources as a CSV file's.

/**
 * Most bytes a workbook may inflate to. A sheet's XML compresses about 10 to 1, so this is a
 * workbook of roughly 20 MB, some 150,000 rows; larger histories are imported as CSV (up to 50 MB)
 * or in periods. Counting 200 MB of a bomb takes about 3 s on the development machine.
 */
export const MAX_WORKBOOK_INFLATED_BYTES = 200 * 1024 * 1024;

const ZIP_MARK = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_MARK.every((b, i) => bytes[i] === b);

const unreadableWorkbook: ReadImportFile = {
  ok: false,
  error: 'unreadable_file',
  message:
    'This file is a zip or an Excel workbook that could not be read. Export the report again as CSV or Excel (.xlsx) and upload that file.',
};

/**
 * The bytes every entry of the zip inflates to, counted while inflating and given up past
 * `cap` (what an entry's header says is not trusted); null when the zip is damaged.
 */
export function inflatedSize(bytes: Uint8Array, cap: number): number | 'too large' | null {
  let total = 0;
  let over = false;
  let damaged = false;
  // Entries begun and not ended when the bytes run out: a cut-off zip.
  let open = 0;
  try {
    const unzip = new Unzip((file) => {
      open += 1;
      file.ondata = (error, chunk, final) => {
        if (error) damaged = true;
        total += chunk.length;
        if (final) open -= 1;
        if (total > cap && !over) {
          over = true;
          file.terminate();
        }
      };
      file.start();
    });
    unzip.register(UnzipInflate);
    unzip.push(bytes, true);
  } catch {
    damaged = true;
  }
  if (over) return 'too large';
  return damaged || open > 0 ? null : total;
}

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

/** The first sheet of a workbook, read by the source its header is recognised as. */
async function readWorkbook(
  bytes: Uint8Array,
  options: ReadOptions,
  cap: number,
): Promise<ReadImportFile> {
  // Any other zip (issue 33): Toggl's account export, or one CSV export zipped. Its entries'
  // names are read without inflating them; its size is counted below, before any is inflated.
  const names = zipNames(bytes);
  const workbook = !names || isWorkbookZip(names);
  const size = inflatedSize(bytes, cap);
  if (size === 'too large')
    return {
      ok: false,
      error: 'unreadable_file',
      message: `This ${workbook ? 'workbook' : 'zip'} unpacks to more than ${Math.round(cap / 1024 / 1024)} MB, more than an import reads. Export a shorter period, or the report as CSV, and import that.`,
    };
  if (size === null) return unreadableWorkbook;
  if (!workbook) return readZipUpload(bytes, options);
  let sheet: unknown[][];
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    sheet = await readSheet(buffer as ArrayBuffer, { trim: false });
  } catch {
    return unreadableWorkbook;
  }
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
  if (isZip(bytes)) return readWorkbook(bytes, options, cap);
  // Hourmark's own export (issue 32).
  if (startsLikeJson(bytes)) return readHourmarkUpload(bytes);
  return readImportFile(bytes, options);
}
