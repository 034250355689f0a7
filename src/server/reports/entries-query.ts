import { z } from 'zod';
import { entrySorts, type EntryOrder } from '../../lib/report-entries';
import { apiError } from '../http/responses';

// GET /api/report-entries's own parameters, beside the report's filter: the order and the page.

/** The parameters this file reads, which the report's query leaves to it. */
export const entryParams = ['sort', 'dir', 'page'] as const;

const once = <T extends z.ZodTypeAny>(schema: T) =>
  z.array(schema).length(1, 'Give it once').optional();

const entriesQuery = z.object({
  sort: once(
    z.enum(entrySorts, { errorMap: () => ({ message: `One of ${entrySorts.join(', ')}` }) }),
  ),
  dir: once(z.enum(['asc', 'desc'], { errorMap: () => ({ message: 'One of asc, desc' }) })),
  page: once(
    z
      .string()
      .regex(/^[1-9]\d{0,5}$/, 'A page number from 1')
      .transform(Number),
  ),
});

/** The order and page `request` asks for (date, oldest first, page 1 unless said), or the 400. */
export function parseEntryOrder(
  request: Request,
): { ok: true; order: EntryOrder } | { ok: false; response: Response } {
  const params = new URL(request.url).searchParams;
  const raw: Record<string, string[]> = {};
  for (const key of entryParams) if (params.has(key)) raw[key] = params.getAll(key);
  const parsed = entriesQuery.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fields[String(issue.path[0] ?? 'query')] ??= issue.message;
    return {
      ok: false,
      response: apiError(400, 'invalid_request', 'Say how to order the entries.', { fields }),
    };
  }
  const q = parsed.data;
  return {
    ok: true,
    order: { sort: q.sort?.[0] ?? 'date', direction: q.dir?.[0] ?? 'asc', page: q.page?.[0] ?? 1 },
  };
}
