import { z } from 'zod';
import { groupings, type Report } from '../report-spec';
import { schedules, type SavedReportSpec } from '../saved-report';
import { documentOf } from './shape';

// Reports, saved reports and their links (report-handlers.ts, saved-report-handlers.ts,
// shared-report-handler.ts).

/** GET /api/report: the groups and totals. */
export const reportResponse = z.custom<Report>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { groups?: unknown }).groups) &&
    typeof (value as { totals?: unknown }).totals === 'object',
  { message: 'Expected a report: groups and totals' },
);

export const reportEntry = z.object({
  id: z.string(),
  date: z.string(),
  member: z.string(),
  client: z.string(),
  project: z.string(),
  task: z.string(),
  description: z.string(),
  tags: z.string(),
  billable: z.boolean(),
  seconds: z.number(),
  amountMinor: z.number().nullable(),
  groupKeys: z.array(z.string()),
  groupLabels: z.array(z.string()),
});
/** GET /api/report-entries: one page of entries. */
export const entryPageResponse = z.object({
  entries: z.array(reportEntry),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const shareLink = z.object({
  id: z.string(),
  withAmounts: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;

export const savedReport = z.object({
  id: z.string(),
  name: z.string(),
  spec: documentOf<SavedReportSpec>('a saved report’s spec'),
  schedule: z.enum(schedules).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shares: z.array(shareLink),
});
export type SavedReport = z.infer<typeof savedReport>;
export const savedReportsResponse = z.object({ reports: z.array(savedReport) });
export const savedReportResponse = z.object({ report: savedReport });
/** POST /api/report-shares: the new link. */
export const shareCreatedResponse = z.object({
  id: z.string(),
  expiresAt: z.string(),
  link: z.string(),
});

/** GET /shared-report?format=json: what the public page shows. */
export const sharedReportResponse = z.object({
  name: z.string(),
  workspaceName: z.string(),
  range: z.string(),
  filterLines: z.array(z.string()),
  levels: z.array(z.enum(groupings)),
  report: reportResponse,
  withAmounts: z.boolean(),
  currency: z.string(),
});
