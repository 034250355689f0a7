import { z } from 'zod';
import type { Answer } from '../../lib/contracts/shape';
import type { sharedReportResponse } from '../../lib/contracts/reports';
import { todayIn } from '../../lib/workspace-rules';
import { apiError, json } from '../http/responses';
import { reportDocument, reportFileName } from '../reports/export/report-document';
import { reportFile } from '../reports/export/report-file';
import { openShare, shareProblemMessage } from '../reports/report-shares';
import { resolveSpec } from '../../lib/saved-report';
import type { HandlerContext } from './context';
import { contentTypes } from './report-handlers';

const sharedQuery = z.object({
  token: z.string().min(1).max(200),
  format: z.enum(['json', 'csv', 'xlsx', 'pdf']).default('json'),
  paper: z.enum(['a4', 'letter']).default('a4'),
});

/**
 * GET /shared-report?token=…[&format=json|csv|xlsx|pdf][&paper=a4|letter]: a shared saved report,
 * public and read-only, worked out for today (a rolling "last month" stays current). 404 with the
 * reason for an unknown, expired, revoked or orphaned link.
 */
export async function handleSharedReport(request: Request, ctx: HandlerContext): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = sharedQuery.safeParse({
    token: params.get('token') ?? '',
    format: params.get('format') ?? undefined,
    paper: params.get('paper') ?? undefined,
  });
  if (!query.success)
    return apiError(
      400,
      'invalid_request',
      'Give the link’s token, a format of json, csv, xlsx or pdf, and a paper of a4 or letter.',
    );
  const opened = await openShare(ctx.database.db, query.data.token, ctx.now());
  if (!opened.ok) return apiError(404, 'invalid_token', shareProblemMessage[opened.problem]);
  const { viewer, spec, name } = opened.share;
  const { filter, groups } = resolveSpec(
    spec,
    todayIn(viewer.rules.timeZone, ctx.now()),
    viewer.rules.weekStart,
  );
  const doc = await reportDocument(ctx.database.db, viewer, filter, groups, { title: name });
  const format = query.data.format;
  if (format === 'json')
    return json(200, { name, ...doc } satisfies Answer<typeof sharedReportResponse>);
  const body = await reportFile(doc, format, query.data.paper);
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      'Content-Type': contentTypes[format],
      'Content-Disposition': `attachment; filename="${reportFileName(filter, format)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
