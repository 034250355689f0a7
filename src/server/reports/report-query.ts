import { z } from 'zod';
import { isValidDay } from '../../lib/day';
import { groupings, logStatuses, type Grouping, type ReportFilter } from '../../lib/report-spec';
import { apiError } from '../http/responses';

// GET /api/report's query: single values once, lists as repeated parameters
// (`project=a&project=b`); every problem is named beside its parameter.

const day = z.string().refine(isValidDay, 'Must be a day as YYYY-MM-DD');
const value = z
  .string()
  .min(1, 'Must not be empty')
  .max(200, 'At most 200 characters')
  .refine((v) => !v.includes('\u0000'), 'Must not contain a NUL character');
const list = z.array(value).max(200, 'At most 200 values');

const reportQuery = z
  .object({
    workspace: z.array(z.string().uuid('Must be a workspace id')).length(1, 'Give it once'),
    from: z.array(day).length(1, 'Give it once'),
    to: z.array(day).length(1, 'Give it once'),
    group: z
      .array(z.enum(groupings, { errorMap: () => ({ message: `One of ${groupings.join(', ')}` }) }))
      .max(2, 'At most two levels')
      .refine((g) => new Set(g).size === g.length, 'Each grouping once')
      .default([]),
    client: list.default([]),
    project: list.default([]),
    task: list.default([]),
    member: list.default([]),
    tag: list.default([]),
    tagMode: z
      .array(z.enum(['any', 'all'], { errorMap: () => ({ message: 'One of any, all' }) }))
      .length(1, 'Give it once')
      .optional(),
    billable: z
      .array(z.enum(['any', 'yes', 'no'], { errorMap: () => ({ message: 'One of any, yes, no' }) }))
      .length(1, 'Give it once')
      .optional(),
    invoiced: z
      .array(z.enum(['any', 'yes', 'no'], { errorMap: () => ({ message: 'One of any, yes, no' }) }))
      .length(1, 'Give it once')
      .optional(),
    status: z
      .array(
        z.enum(logStatuses, { errorMap: () => ({ message: `One of ${logStatuses.join(', ')}` }) }),
      )
      .max(4)
      .default([]),
  })
  .strict()
  .refine((q) => (q.from[0] ?? '') <= (q.to[0] ?? ''), {
    message: 'Must not be after to',
    path: ['from'],
  })
  .refine((q) => Date.parse(q.to[0] ?? '') - Date.parse(q.from[0] ?? '') <= 3660 * 86_400_000, {
    message: 'At most ten years at once',
    path: ['from'],
  });

export type ReportRequest = { workspaceId: string; filter: ReportFilter; groups: Grouping[] };

/** The report `request` asks for, or the 400 to answer. */
export function parseReportQuery(
  request: Request,
  /** Parameters another part of the request reads (an export's format), left to it. */
  others: readonly string[] = [],
): { ok: true; value: ReportRequest } | { ok: false; response: Response } {
  const params = new URL(request.url).searchParams;
  const raw: Record<string, string[]> = {};
  for (const [key, v] of params) if (!others.includes(key)) (raw[key] ??= []).push(v);
  const parsed = reportQuery.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key =
        issue.code === 'unrecognized_keys'
          ? issue.keys.join(', ')
          : String(issue.path[0] ?? 'query');
      fields[key] ??=
        issue.code === 'unrecognized_keys' ? 'Not a parameter of this request' : issue.message;
    }
    return {
      ok: false,
      response: apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
        fields,
      }),
    };
  }
  const q = parsed.data;
  return {
    ok: true,
    value: {
      workspaceId: q.workspace[0] ?? '',
      groups: q.group,
      filter: {
        from: q.from[0] ?? '',
        to: q.to[0] ?? '',
        clientIds: q.client,
        projectIds: q.project,
        taskIds: q.task,
        memberIds: q.member,
        tags: q.tag,
        tagMode: q.tagMode?.[0] ?? 'any',
        billable: q.billable?.[0] ?? 'any',
        statuses: q.status,
        invoiced: q.invoiced?.[0] ?? 'any',
      },
    },
  };
}
