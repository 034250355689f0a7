import { z } from 'zod';
import { groupings, type Report, type ReportGroup, type ReportTotals } from '../report-spec';
import { savedReportSpecSchema, schedules } from '../saved-report';
import { describes, int } from './shape';

// Reports, saved reports and their links (report-handlers.ts, saved-report-handlers.ts,
// shared-report-handler.ts).

/** Sums of a group of logs; money is null for those who may not see amounts. */
const reportTotals = describes<ReportTotals>()(
  z.object({
    logs: int,
    seconds: int,
    billableSeconds: int,
    billableMinor: int.nullable(),
    costMinor: int.nullable(),
    expensesMinor: int,
    profitMinor: int.nullable(),
  }),
);
/** A group of the report, with the groups of the next level inside it. */
const reportGroup: z.ZodType<ReportGroup, z.ZodTypeDef, unknown> = z.lazy(() =>
  describes<ReportGroup>()(
    z.object({
      key: z.string(),
      label: z.string(),
      totals: reportTotals,
      children: z.array(reportGroup).optional(),
    }),
  ),
);
/** GET /api/report: the groups and totals (src/lib/report-spec.ts), key by key. */
export const reportResponse = describes<Report>()(
  z.object({ groups: z.array(reportGroup), totals: reportTotals }),
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
  // The server reads every stored spec with the save's own schema (src/server/reports/saved-reports.ts
  // `storedSpec`), so the answer holds exactly what a save accepts, key by key.
  spec: savedReportSpecSchema,
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
