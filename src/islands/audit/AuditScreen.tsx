import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { $abilities, $durationFormat } from '../../stores/access';
import { $economyContext } from '../../stores/economy';
import { loadAuditLog, type AuditEntry } from '../../stores/workspace-settings';
import { NotFound } from '../../ui/feedback/NotFound';
import { actionWords, changeLines, ruleWords, subjectText } from './audit-text';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /audit: every change made to a locked, approved or invoiced log, newest first, with who made
 * it and what it was before and after (Admins only).
 */
export function AuditScreen() {
  const can = useStore($abilities);
  const durationFormat = useStore($durationFormat);
  const context = useStore($economyContext);
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [problem, setProblem] = useState('');

  const load = useCallback(async (before: string | null) => {
    setState('loading');
    const result = await loadAuditLog(before);
    if (!result.ok) {
      setProblem(result.message);
      setState('failed');
      return;
    }
    setEntries((shown) => (before ? [...shown, ...result.entries] : result.entries));
    setNext(result.next);
    setState('ready');
  }, []);
  useEffect(() => {
    if (can.isAdmin) void load(null);
  }, [can.isAdmin, load]);

  if (!can.isAdmin)
    return (
      <NotFound
        title="Only Admins can read the audit log"
        text="The audit log lists changes to locked, approved and invoiced time logs."
        backHref="/login/"
        backLabel="Back to Track"
      />
    );

  const names = (id: string) =>
    context.projectsById.get(id)?.projectName ??
    context.membersById.get(id)?.name ??
    context.tasksById.get(id)?.task ??
    id;

  return (
    <section aria-labelledby="audit-heading" className="p-4 desk:p-6">
      <h1 id="audit-heading" className="mb-2 text-3xl font-bold">
        Audit log
      </h1>
      <p className="mb-4 max-w-2xl text-slate-700">
        Changes to time logs that were locked, approved or invoiced when they were made. Only an
        Admin can make them; each is kept here with who made it and what the log was before.
      </p>
      <div role="status">
        {state === 'loading' ? <p>Loading the audit log…</p> : null}
        {state === 'failed' ? <p className="text-red-800">{problem}</p> : null}
        {state === 'ready' && entries.length === 0 ? (
          <p>No changes to protected time logs yet.</p>
        ) : null}
      </div>
      {entries.length > 0 ? (
        <ol className="space-y-2" aria-label="Changes, newest first">
          {entries.map((entry) => {
            const log = entry.after ?? entry.before;
            const project =
              typeof log?.['projectId'] === 'string' ? names(log['projectId']) : 'No project';
            return (
              <li key={entry.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <p className="font-semibold">
                  {subjectText(entry.kind, log) ? (
                    `${actionWords[entry.action]} ${subjectText(entry.kind, log) ?? ''}`
                  ) : (
                    <>
                      {actionWords[entry.action]} a{' '}
                      {entry.rules.map((r) => ruleWords[r] ?? r).join(', ')} log of {project}
                    </>
                  )}
                </p>
                {entry.reason ? <p className="text-sm">Reason: {entry.reason}</p> : null}
                <p className="text-sm text-slate-700">
                  {entry.userName} ·{' '}
                  <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                </p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {changeLines(entry.before, entry.after, names, durationFormat).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      ) : null}
      {next ? (
        <button
          type="button"
          className="btn-secondary mt-4"
          disabled={state === 'loading'}
          onClick={() => void load(next)}
        >
          Show older changes
        </button>
      ) : null}
    </section>
  );
}
