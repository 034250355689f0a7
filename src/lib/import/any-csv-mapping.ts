import { z } from 'zod';
import { columnKey } from './columns';
import { dateFormats, type DateFormat } from './date-formats';
import type { NumberFormat } from './numbers';

// Any CSV (issue 33): a file whose header no known source recognises is read through the
// person's MAPPING, which names the file's column for each field Hourmark imports. The server
// validates it with this schema (preview and start), the screens build it, and it is remembered
// with the import for the next file of the same SHAPE (its header's columns, order-insensitive).

/** The fields a column can be chosen for, in the order the form shows them. */
export const anyCsvFields = [
  'date',
  'start',
  'end',
  'duration',
  'personName',
  'personEmail',
  'client',
  'project',
  'task',
  'description',
  'tags',
  'billable',
] as const;
export type AnyCsvField = (typeof anyCsvFields)[number];

/** The field's label on the form and in messages. */
export const anyCsvFieldLabels: Record<AnyCsvField, string> = {
  date: 'Date',
  start: 'Start time',
  end: 'End time',
  duration: 'Duration',
  personName: 'Person’s name',
  personEmail: 'Person’s email',
  client: 'Client',
  project: 'Project',
  task: 'Task',
  description: 'Description',
  tags: 'Tags',
  billable: 'Billable',
};

const column = z.string().trim().min(1).max(200).optional();
const columns = Object.fromEntries(anyCsvFields.map((field) => [field, column])) as Record<
  AnyCsvField,
  typeof column
>;

export const anyCsvMappingSchema = z
  .object({
    ...columns,
    date: z.string().trim().min(1, 'Choose the column that holds the date').max(200),
    /** The order of the file's dates; left out, it is decided from the file's dates. */
    dateFormat: z.enum(dateFormats as [DateFormat, ...DateFormat[]]).optional(),
    /** The decimal mark of its numbers; left out, it is decided from the file's numbers. */
    numberFormat: z.enum(['decimal-point', 'decimal-comma']).optional(),
  })
  .strict()
  .refine((m) => !!m.duration || (!!m.start && !!m.end), {
    message: 'Choose the column that holds the duration, or the columns of the start and end times',
    path: ['duration'],
  });

/** Which column holds each field (by its header name), and how dates and numbers are written. */
export type AnyCsvMapping = { [Field in AnyCsvField]?: string | undefined } & {
  date: string;
  dateFormat?: DateFormat | undefined;
  numberFormat?: NumberFormat | undefined;
};

/**
 * A file's shape: its header's column names as compared (trimmed, case and inner spacing
 * ignored), sorted, so two exports of one tool with their columns in another order are one shape.
 */
export function headerShape(header: readonly string[]): string {
  return [...new Set(header.map(columnKey))].sort().join('\u001f');
}

/** The first field whose column the header lacks, or null when the header has them all. */
export function missingColumn(
  mapping: AnyCsvMapping,
  header: readonly string[],
): { field: AnyCsvField; column: string } | null {
  const keys = new Set(header.map(columnKey));
  for (const field of anyCsvFields) {
    const name = mapping[field];
    if (name !== undefined && !keys.has(columnKey(name))) return { field, column: name };
  }
  return null;
}

/** A row of the live preview: the first rows of the file, as they would import or why not. */
export interface AnyCsvSampleRow {
  line: number;
  /** Null when the row cannot be imported (then `problem` says why). */
  entry: {
    date: string;
    startTime: string;
    durationSeconds: number;
    person: string;
    client: string;
    project: string;
    task: string;
    description: string;
    tags: string[];
    billable: boolean;
  } | null;
  problem: string | null;
}

/** What the preview adds for a file read through a mapping. */
export interface AnyCsvPreview {
  /** The file's header, in its order: what the form lists for each field. */
  columns: string[];
  mapping: AnyCsvMapping;
  /** The mapping came from an earlier import of a file of the same shape. */
  remembered: boolean;
  sample: AnyCsvSampleRow[];
}
