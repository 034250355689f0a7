import type { Period } from '../../../lib/pivot';
import type { ReportFilter } from '../../../lib/report-spec';
import type { TableDocument } from '../../../lib/report-table';
import type { Membership } from '../../sync/permissions';
import type { Runner } from '../../sync/records';
import { economyTable, type EconomyView } from '../kinds/economy-table';
import { pivotTable } from '../kinds/pivot-table';
import { timesheetTable } from '../kinds/timesheet-table';
import { dashboardTable } from '../kinds/dashboard-table';
import { activityTable } from '../kinds/activity-table';
import type { KindOptions } from './export-query';

// Reports other than the detailed one, each as the table its screen shows (issue 30).

/** The table of report `kind` over `filter` for `membership`, laid out by `options`. */
export function otherKindTable(
  kind: 'pivot' | 'economy' | 'timesheet' | 'dashboard' | 'activity',
  runner: Runner,
  membership: Membership,
  filter: ReportFilter,
  options: KindOptions,
  today: string,
): Promise<TableDocument> {
  // The caller's own week from its first day (`from`), whoever else they may see.
  if (kind === 'timesheet') return timesheetTable(runner, membership, filter.from);
  // This week and this month as of `today`, whatever days the query names.
  if (kind === 'activity') return activityTable(runner, membership, filter);
  if (kind === 'dashboard') return dashboardTable(runner, membership, today);
  if (kind === 'pivot')
    return pivotTable(
      runner,
      membership,
      filter,
      (options.by ?? 'day') as Period,
      options.show ?? 'hours',
    );
  return economyTable(runner, membership, filter, (options.by ?? 'project') as EconomyView, today);
}
