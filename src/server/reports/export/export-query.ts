import { z } from 'zod';
import { apiError } from '../../http/responses';
import type { Paper } from '../../pdf/pdf-document';

// GET /sync/report-export's own parameters, beside the report's filter: the file's format and,
// for a PDF, the paper.

export const exportFormats = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** What a file holds: the detailed report's group sums, or its entries. */
export const exportKinds = ['detailed', 'entries'] as const;
export type ExportKind = (typeof exportKinds)[number];

const papers = ['a4', 'letter'] as const;
const oneOf = (values: readonly string[]) => ({
  errorMap: () => ({ message: `One of ${values.join(', ')}` }),
});

const exportQuery = z.object({
  format: z.array(z.enum(exportFormats, oneOf(exportFormats))).length(1, 'Give it once'),
  paper: z
    .array(z.enum(papers, oneOf(papers)))
    .length(1, 'Give it once')
    .optional(),
  kind: z
    .array(z.enum(exportKinds, oneOf(exportKinds)))
    .length(1, 'Give it once')
    .optional(),
});

/** The parameters this file reads, which the report's query leaves to it. */
export const exportParams = ['format', 'paper', 'kind'] as const;

/** The format and paper `request` asks for, or the 400 to answer. */
export function parseExportQuery(
  request: Request,
):
  | { ok: true; format: ExportFormat; paper: Paper; kind: ExportKind }
  | { ok: false; response: Response } {
  const params = new URL(request.url).searchParams;
  const parsed = exportQuery.safeParse({
    format: params.getAll('format'),
    ...(params.has('paper') ? { paper: params.getAll('paper') } : {}),
    ...(params.has('kind') ? { kind: params.getAll('kind') } : {}),
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
  };
}
