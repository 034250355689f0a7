import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../lib/duration-format';
import { requiredFieldsProblem } from '../../lib/policy/required-fields';
import { $workspaceRules } from '../../stores/access';
import { $user } from '../../stores/auth';
import { $activeMembers } from '../../stores/choices';
import {
  $now,
  $timer,
  elapsedSeconds,
  emptyEntry,
  setTimerEntry,
  startTimer,
  stopTimer,
  type TimerEntry,
} from '../../stores/timer';
import { $shownDay } from '../../stores/track-day';
import { StopwatchFields } from './StopwatchFields';

/**
 * SPEC.md's stopwatch: Start (then 'Start New') and Stop; the display is derived from the start
 * time. What the run is for (project, task, tags, description) can be chosen before Start or
 * while it runs, and the log saved on Stop carries it.
 */
export function Stopwatch() {
  const timer = useStore($timer);
  const now = useStore($now);
  const day = useStore($shownDay);
  const user = useStore($user);
  const members = useStore($activeMembers);
  const running = timer.status === 'running';
  const shown = formatDuration(elapsedSeconds(timer, now), 'clock');
  const me = members.find((m) => user && m.email.toLowerCase() === user.email.toLowerCase());
  const runEntry = running ? timer.entry : undefined;
  const [draft, setDraft] = useState<TimerEntry>(runEntry ?? emptyEntry);
  const bar = useRef<HTMLDivElement>(null);
  const rules = useStore($workspaceRules);
  // A run is saved as a log on Stop: what the workspace requires of a log is asked first, so the
  // server never refuses the stop (issue 29).
  const [missing, setMissing] = useState('');
  const saves = (entry: TimerEntry) => {
    const problem = requiredFieldsProblem(rules, {
      projectId: entry.projectId,
      taskId: entry.taskId,
    });
    setMissing(problem ?? '');
    return problem === null;
  };

  // What another tab or device set for the run shows here, unless the person is typing in it.
  const runKey = JSON.stringify(runEntry ?? null);
  useEffect(() => {
    if (bar.current?.contains(document.activeElement)) return;
    setDraft(runEntry ?? emptyEntry);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey]);

  useEffect(() => {
    const base = 'Track · Hourmark';
    document.title = running ? `${shown} · ${base}` : base;
  }, [running, shown]);

  const withMember = (entry: TimerEntry): TimerEntry =>
    entry.memberId || !me ? entry : { ...entry, memberId: me.id };

  return (
    <div
      ref={bar}
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
      role="group"
      aria-label="Stopwatch and what it is for"
    >
      <StopwatchFields
        entry={draft}
        onChange={(next, commit) => {
          setDraft(next);
          if (commit && running) setTimerEntry(withMember(next));
        }}
        onCommit={() => {
          if (running) setTimerEntry(withMember(draft));
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <span
          className="font-mono text-3xl tabular-nums"
          role="timer"
          aria-label="Stopwatch"
          aria-live="off"
        >
          {shown}
        </span>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            if (running) {
              if (!saves(draft)) return;
              // The run being stopped keeps what was typed; the new one starts empty.
              setTimerEntry(withMember(draft));
              startTimer(day);
              setDraft(emptyEntry);
            } else startTimer(day, new Date(), null, withMember(draft));
          }}
          aria-keyshortcuts={running ? undefined : 's'}
        >
          {running ? 'Start New' : 'Start'}
        </button>
        {running ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              if (!saves(draft)) return;
              setTimerEntry(withMember(draft));
              stopTimer();
              setDraft(emptyEntry);
            }}
            aria-keyshortcuts="s"
          >
            Stop
          </button>
        ) : null}
      </div>
      {missing ? (
        <p role="alert" className="mt-2 text-red-800">
          {missing}
        </p>
      ) : null}
    </div>
  );
}
