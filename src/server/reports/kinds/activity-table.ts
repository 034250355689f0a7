import { activitySentence } from '../../../lib/activity-text';
import type { ReportFilter } from '../../../lib/report-spec';
import type { TableColumn, TableDocument } from '../../../lib/report-table';
import type { Membership } from '../../sync/permissions';
import type { Runner } from '../../sync/records';
import { activityOf } from '../activity';
import { reportFrame } from '../export/report-document';

// Activity as a file: what happened on the days of the filter (of its one member, if it names
// one), newest first, as the screen words it; at most 5,000 entries.

const EXPORT_LIMIT = 5000;

/** The Activity of `filter`'s days for `membership`, as a table. */
export async function activityTable(
  runner: Runner,
  membership: Membership,
  filter: ReportFilter,
): Promise<TableDocument> {
  const [memberId] = filter.memberIds;
  const [events, frame] = await Promise.all([
    activityOf(runner, membership, {
      ...(memberId ? { memberId } : {}),
      offset: 0,
      limit: EXPORT_LIMIT,
      days: { from: filter.from, to: filter.to },
    }),
    reportFrame(runner, membership, filter),
  ]);
  const columns: TableColumn[] = [
    { heading: 'When (UTC)', type: 'text', width: 90 },
    { heading: 'Who', type: 'text', width: 90 },
    { heading: 'What', type: 'text', width: 60 },
    { heading: 'What happened', type: 'text', width: 280 },
  ];
  return {
    title: 'Activity',
    ...frame,
    columns,
    rows: events.map((e) => ({
      cells: [e.at.slice(0, 16).replace('T', ' '), e.who, e.action, activitySentence(e)],
    })),
  };
}
