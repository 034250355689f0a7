import { columnKey } from './columns';
import { csvRows, eachCsvRow } from './csv-rows';
import { possibleDateFormats, type DateFormat } from './date-formats';
import { decodeCsvBytes, type ReadEncoding } from './decode-bytes';
import type { ImportEntry, RowProblem } from './entry';
import { TOGGL_NAME, togglLayout, togglRequired, togglRowReader } from './toggl';

// An uploaded file, read without looking at any workspace (issue 32): bytes → text → rows →
// the source recognised by its columns → normalised entries and the rows that cannot be read.

export type ImportSource = 'toggl';

export type ReadImportFile =
  | {
      ok: true;
      source: ImportSource;
      sourceName: string;
      encoding: ReadEncoding;
      entries: ImportEntry[];
      problems: RowProblem[];
      /** Date orders that read every start date of the file (more than one: the person chooses). */
      dateFormats: DateFormat[];
    }
  | { ok: false; error: 'unreadable_file' | 'unknown_source'; message: string };

/** Other tools' exports, told apart by a column only they have, to name them in the refusal. */
const otherTools: { name: string; columns: string[] }[] = [
  { name: 'Clockify', columns: ['Duration (h)', 'Start Date'] },
  { name: 'Harvest', columns: ['Hours', 'Notes', 'First Name'] },
  { name: 'Kimai', columns: ['Duration', 'Activity', 'Begin'] },
];

const expected = `Hourmark reads Toggl Track’s Detailed report (Reports → Detailed → Export → CSV), with the columns ${togglRequired.join(', ')}.`;

function unknownSource(header: readonly string[], missing: readonly string[]): ReadImportFile {
  const keys = new Set(header.map(columnKey));
  const tool = otherTools.find((t) => t.columns.every((c) => keys.has(columnKey(c))));
  const message = tool
    ? `This looks like a ${tool.name} export, which Hourmark cannot import yet. ${expected}`
    : `This file is not a report Hourmark can import: it has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}. ${expected}`;
  return { ok: false, error: 'unknown_source', message };
}

/** Reads an uploaded file's bytes as far as can be without a workspace. */
export function readImportFile(bytes: Uint8Array): ReadImportFile {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { ok: false, error: 'unreadable_file', message: decoded.message };
  const header = csvRows(decoded.text, 1)[0];
  if (!header)
    return {
      ok: false,
      error: 'unreadable_file',
      message: `The file is empty. ${expected}`,
    };
  const layout = togglLayout(header.cells);
  if ('missing' in layout) return unknownSource(header.cells, layout.missing);
  // Row by row: only entries and problems are kept, never every row's cells as well.
  const reader = togglRowReader(layout, header.cells.length);
  const dateColumn = layout.at['Start date'];
  const dates = new Set<string>();
  let first = true;
  eachCsvRow(decoded.text, (row) => {
    if (first) {
      first = false;
      return;
    }
    reader.read(row);
    const date = row.cells[dateColumn]?.trim() ?? '';
    if (date) dates.add(date);
  });
  return {
    ok: true,
    source: 'toggl',
    sourceName: TOGGL_NAME,
    encoding: decoded.encoding,
    entries: reader.entries,
    problems: reader.problems,
    dateFormats: possibleDateFormats([...dates]),
  };
}
