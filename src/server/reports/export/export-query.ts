import { z } from 'zod';
import { apiError } from '../../http/responses';
import type { Paper } from '../../pdf/pdf-document';

// GET /api/report-export's own parameters, beside the report's filter: the file's format and,
// for a PDF, the paper.

export const exportFormats = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** What a file holds: the detailed report's group sums or its entries, or another report. */
export const exportKinds = [
  'detailed',
  'entries',
  'pivot',
  'economy',
  'timesheet',
  'dashboard',
  'activity',
] as const;
export type ExportKind = (typeof exportKinds)[number];

const papers = ['a4', 'letter'] as const;
const pivotBys: readonly string[] = ['day', 'week', 'month'];
const economyBys: readonly string[] = ['client', 'project', 'member'];
const byValues = ['day', 'week', 'month', 'client', 'project', 'member'] as const;
const showValues = ['hours', 'amount'] as const;

/** What a report of another kind is laid out by (defaults: pivot by day of hours; economy by project). */
export interface KindOptions {
  by?: (typeof byValues)[number];
  show?: (typeof showValues)[number];
}
const oneOf = (values: readonly string[]) => ({
  errorMap: () => ({ message: `One of ${values.join(', ')}` }),
});

const exportQuery = z
  .object({
    format: z.array(z.enum(exportFormats, oneOf(exportFormats))).length(1, 'Give it once'),
    paper: z
      .array(z.enum(papers, oneOf(papers)))
      .length(1, 'Give it once')
      .optional(),
    kind: z
      .array(z.enum(exportKinds, oneOf(exportKinds)))
      .length(1, 'Give it once')
      .optional(),
    // The pivot's columns (day, week, month) or the economy's rows (client, project, member).
    by: z
      .array(z.enum(byValues, oneOf(byValues)))
      .length(1, 'Give it once')
      .optional(),
    show: z
      .array(z.enum(showValues, oneOf(showValues)))
      .length(1, 'Give it once')
      .optional(),
  })
  .refine((q) => !q.by || ['pivot', 'economy'].includes(q.kind?.[0] ?? ''), {
    message: 'Only for kind pivot or economy',
    path: ['by'],
  })
  .refine(
    (q) => {
      const by = q.by?.[0];
      const kind = q.kind?.[0];
      if (!by) return true;
      return kind === 'pivot' ? pivotBys.includes(by) : economyBys.includes(by);
    },
    {
      message: 'day, week or month for a pivot; client, project or member for economy',
      path: ['by'],
    },
  )
  .refine((q) => !q.show || q.kind?.[0] === 'pivot', {
    message: 'Only for kind pivot',
    path: ['show'],
  });

/** The parameters this file reads, which the report's query leaves to it. */
export const exportParams = ['format', 'paper', 'kind', 'by', 'show'] as const;

/** The format and paper `request` asks for, or the 400 to answer. */
export function parseExportQuery(
  request: Request,
):
  | { ok: true; format: ExportFormat; paper: Paper; kind: ExportKind; options: KindOptions }
  | { ok: false; response: Response } {
  const params = new URL(request.url).searchParams;
  const parsed = exportQuery.safeParse({
    format: params.getAll('format'),
    ...(params.has('paper') ? { paper: params.getAll('paper') } : {}),
    ...(params.has('kind') ? { kind: params.getAll('kind') } : {}),
    ...(params.has('by') ? { by: params.getAll('by') } : {}),
    ...(params.has('show') ? { show: params.getAll('show') } : {}),
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fields[String(issue.path[0] ?? 'query')] ??= issue.message;
    return {
      ok: false,
      response: apiError(400, 'invalid_request', 'Say which file to make.', { fields }),
    };
  }
  return {
    ok: true,
    format: parsed.data.format[0] ?? 'csv',
    paper: parsed.data.paper?.[0] ?? 'a4',
    kind: parsed.data.kind?.[0] ?? 'detailed',
    options: {
      ...(parsed.data.by?.[0] ? { by: parsed.data.by[0] } : {}),
      ...(parsed.data.show?.[0] ? { show: parsed.data.show[0] } : {}),
    },
  };
}
