import { z } from 'zod';
import { presetRange, presets } from './date-presets';
import { isValidDay } from './day';
import { groupings, logStatuses, type Grouping, type ReportFilter } from './report-spec';
import { checkText } from './storable-text';

// A saved report: a name, a filter and a grouping. Its dates are a preset ("last month") that
// is worked out again each time it is opened, mailed or shown through a share link, or fixed
// days for a custom range.

const id = z.string().min(1).max(200).superRefine(checkText);
const ids = z.array(id).max(200, 'At most 200 values').default([]);

export const savedReportSpecSchema = z
  .object({
    range: z.enum(presets),
    from: z.string().refine(isValidDay, 'Must be a day as YYYY-MM-DD').optional(),
    to: z.string().refine(isValidDay, 'Must be a day as YYYY-MM-DD').optional(),
    groups: z
      .array(z.enum(groupings))
      .max(2, 'At most two levels')
      .refine((g) => new Set(g).size === g.length, 'Each grouping once')
      .default([]),
    clientIds: ids,
    projectIds: ids,
    taskIds: ids,
    memberIds: ids,
    tags: z.array(z.string().trim().min(1).max(100).superRefine(checkText)).max(50).default([]),
    tagMode: z.enum(['any', 'all']).default('any'),
    billable: z.enum(['any', 'yes', 'no']).default('any'),
    invoiced: z.enum(['any', 'yes', 'no']).default('any'),
    statuses: z.array(z.enum(logStatuses)).max(4).default([]),
  })
  .strict()
  .refine((s) => s.range !== 'custom' || (s.from && s.to && s.from <= s.to), {
    message: 'A custom range needs a first day on or before its last',
    path: ['from'],
  });

export type SavedReportSpec = z.infer<typeof savedReportSpecSchema>;

export const schedules = ['weekly', 'monthly'] as const;
export type Schedule = (typeof schedules)[number];

/** The filter and grouping `spec` means on `today` in a workspace whose weeks start on `weekStart`. */
export function resolveSpec(
  spec: SavedReportSpec,
  today: string,
  weekStart: number,
): { filter: ReportFilter; groups: Grouping[] } {
  const range = presetRange(spec.range, today, weekStart) ?? {
    from: spec.from ?? today,
    to: spec.to ?? today,
  };
  return {
    groups: spec.groups,
    filter: {
      from: range.from,
      to: range.to,
      clientIds: spec.clientIds,
      projectIds: spec.projectIds,
      taskIds: spec.taskIds,
      memberIds: spec.memberIds,
      tags: spec.tags,
      tagMode: spec.tagMode,
      billable: spec.billable,
      statuses: spec.statuses,
      invoiced: spec.invoiced,
    },
  };
}

/** The longest a report's share link lives, in days. */
export const MAX_SHARE_DAYS = 90;
