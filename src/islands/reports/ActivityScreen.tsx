import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { formatDay } from '../../lib/day';
import { formatDuration } from '../../lib/duration';
import type { TimeLog } from '../../lib/entities/time-log';
import { logProjectLine } from '../../lib/log-label';
import { $activeMembers } from '../../stores/choices';
import { $economyContext } from '../../stores/economy';
import { fetchLogs } from '../../stores/sync/server-reads';
import { $cacheOwner } from '../../stores/sync/owner';
import { useQueryState } from '../../ui/list/use-query-state';

const PAGE = 50;
const at = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /reports/activity: who logged what and when, most recently added or changed first, for everyone
 * the person may see or for one team member (the Team members list's "View Activity").
 */
export function ActivityScreen() {
  const members = useStore($activeMembers);
  const context = useStore($economyContext);
  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';
  const [memberId, setMemberId] = useQueryState<string>('member', '');
  const [logs, setLogs] = useState<TimeLog[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [problem, setProblem] = useState('');

  const load = useCallback(
    async (offset: number) => {
      setState('loading');
      const result = await fetchLogs({
        member: memberId || undefined,
        order: 'recent',
        limit: PAGE,
        offset,
      });
      if (!result.ok) {
        setProblem(
          result.status === 0
            ? 'Activity comes from the server. Connect to the internet to see it.'
            : result.message,
        );
        setState('failed');
        return;
      }
      setLogs((shown) => (offset === 0 ? result.data.logs : [...shown, ...result.data.logs]));
      setTotal(result.data.totals.logs);
      setState('ready');
    },
    [memberId],
  );
  useEffect(() => {
    if (workspaceId) void load(0);
  }, [workspaceId, load]);

  const nameOf = (id: string | null) =>
    (id ? context.membersById.get(id)?.name : undefined) ?? 'Someone not on the team';

  return (
    <section aria-labelledby="activity-heading" className="max-w-3xl p-4 desk:p-6">
      <h1 id="activity-heading" className="mb-4 text-3xl font-bold">
        Activity
      </h1>
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
          : state === 'loading' && logs.length === 0
            ? 'Loading activity…'
            : state === 'ready' && logs.length === 0
              ? 'No time logged yet.'
              : ''}
      </div>
      <ol aria-label="Time logs, most recent first" className="space-y-2">
        {logs.map((log) => {
          const changed = log.updatedAt && log.updatedAt !== log.createdAt;
          const when = log.updatedAt ?? log.createdAt;
          return (
            <li key={log.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <p>
                <strong>{nameOf(log.memberId)}</strong> {changed ? 'changed' : 'logged'}{' '}
                <span className="tabular-nums">{formatDuration(log.dur, 'short')}</span> on{' '}
                {logProjectLine(log, context.projectsById) || 'no project'}
                {log.task ? ` · ${log.task}` : ''} for{' '}
                {log.date ? formatDay(log.date) : 'an undated day'}
              </p>
              {when ? (
                <p className="text-sm text-slate-700">
                  <time dateTime={when}>{at.format(new Date(when))}</time>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {logs.length < total ? (
        <button
          type="button"
          className="btn-secondary mt-4"
          disabled={state === 'loading'}
          onClick={() => void load(logs.length)}
        >
          Show older activity ({total - logs.length} more)
        </button>
      ) : null}
    </section>
  );
}
