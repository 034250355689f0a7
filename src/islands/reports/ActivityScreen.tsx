import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { ActivityEvent } from '../../lib/activity';
import { activitySentence } from '../../lib/activity-text';
import { loadActivity } from '../../stores/activity';
import { $workspaceRules, $durationFormat } from '../../stores/access';
import { reportQuery } from '../../stores/reports';
import { addDays } from '../../lib/day';
import { wholeRange } from '../../lib/report-spec';
import { todayIn } from '../../lib/workspace-rules';
import { ReportDownloads } from './ReportDownloads';
import { $activeMembers } from '../../stores/choices';
import { $cacheOwner } from '../../stores/sync/owner';
import { useQueryState } from '../../ui/list/use-query-state';

const PAGE = 50;
const at = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /reports/activity: what happened to the logs the person may see (created, edited and what
 * changed, submitted, approved, rejected, deleted; for Admins invoices issued and voided), who
 * did it and when, newest first, for everyone or one team member ("View Activity").
 */
export function ActivityScreen() {
  const members = useStore($activeMembers);
  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';
  const [memberId, setMemberId] = useQueryState<string>('member', '');
  const [events, setEvents] = useState<ActivityEvent[]>([]);
  const [more, setMore] = useState(false);
  const [offset, setOffset] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [problem, setProblem] = useState('');
  const rules = useStore($workspaceRules);
  const durationFormat = useStore($durationFormat);
  const today = todayIn(rules.timeZone, new Date());
  // The file holds what the list can show: ten years back (as far as a report goes) to today,
  // a day past it in UTC, which the history's times are kept in.
  const fileQuery = workspaceId
    ? `${reportQuery(
        workspaceId,
        {
          ...wholeRange(addDays(today, -3650), addDays(today, 1)),
          memberIds: memberId ? [memberId] : [],
        },
        [],
      )}&kind=activity`
    : '';

  const load = useCallback(
    async (from: number) => {
      setState('loading');
      const result = await loadActivity(workspaceId, memberId, from);
      if (!result.ok) {
        setProblem(result.message);
        setState('failed');
        return;
      }
      setEvents((shown) => (from === 0 ? result.events : [...shown, ...result.events]));
      // A full page may have more behind it (the server skips entries Activity does not show).
      setMore(result.events.length > 0);
      setOffset(from + PAGE);
      setState('ready');
    },
    [workspaceId, memberId],
  );
  useEffect(() => {
    if (workspaceId) void load(0);
  }, [workspaceId, load]);

  return (
    <section aria-labelledby="activity-heading" className="max-w-3xl p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="activity-heading" className="text-3xl font-bold">
          Activity
        </h1>
        <ReportDownloads query={fileQuery} />
      </div>
      <div className="mb-4">
        <label htmlFor="activity-member" className="field-label">
          Team member
        </label>
        <select
          id="activity-member"
          className="field-input max-w-xs"
          value={memberId}
          onChange={(e) => setMemberId(e.target.value)}
        >
          <option value="">Everyone</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <div role="status" className="mb-3 text-slate-700">
        {state === 'failed'
          ? problem
          : state === 'loading' && events.length === 0
            ? 'Loading activity…'
            : state === 'ready' && events.length === 0
              ? 'Nothing has happened here yet.'
              : ''}
      </div>
      <ol aria-label="What happened, most recent first" className="space-y-2">
        {events.map((event) => (
          <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <p>{activitySentence(event, durationFormat)}</p>
            <p className="text-sm text-slate-700">
              <time dateTime={event.at}>{at.format(new Date(event.at))}</time>
            </p>
          </li>
        ))}
      </ol>
      {more ? (
        <button
          type="button"
          className="btn-secondary mt-4"
          disabled={state === 'loading'}
          onClick={() => void load(offset)}
        >
          Show older activity
        </button>
      ) : null}
    </section>
  );
}
