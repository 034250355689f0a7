import { persistentAtom } from '@nanostores/persistent';
import { atom, onMount } from 'nanostores';
import { htmlToText, textAsParagraph } from '../lib/html-text';
import { splitRunByDay } from '../lib/stopwatch-run';
import { toDay } from '../lib/day';
import { newId } from '../lib/entities/fast-fields';
import { keepAside } from './keep-aside';
import { recordLocalChange, runCommand } from './local-changes';
import { installStorageEngine } from './storage-engine';
import { readTimerState, type TimerEntry, type TimerState } from './timer-state';
import { combineWrites, writeOutcome, type WriteResult } from './unsaved-writes';
import { addTimeLog, timeLogById, type TimeLog, type TimeLogInput } from './time-log-list';
import { clientProjectLabel } from './choices';
import { $projects } from './projects-list';
import { $tasks } from './tasks-list';

installStorageEngine();

export type { TimerEntry, TimerState };
export const emptyEntry: TimerEntry = {
  projectId: null,
  taskId: null,
  memberId: null,
  tags: '',
  desc: '',
};

const idle: TimerState = { status: 'idle' };

/** localStorage key of the running stopwatch. */
export const TIMER_KEY = 'runningTimer';

/** The running stopwatch, shared by every tab through the `runningTimer` key. */
export const $timer = persistentAtom<TimerState>(TIMER_KEY, idle, {
  encode: JSON.stringify,
  // An unreadable value is kept aside and reported like any other, and the stopwatch shows idle.
  decode: (raw) => {
    try {
      const state = readTimerState(JSON.parse(raw));
      if (state) return state;
    } catch {
      // Not JSON: reported below.
    }
    keepAside(TIMER_KEY, raw, 0, null);
    return idle;
  },
});

/** The current time, ticking each second while something displays the stopwatch. */
export const $now = atom(Date.now());
onMount($now, () => {
  $now.set(Date.now());
  const tick = setInterval(() => $now.set(Date.now()), 1000);
  return () => clearInterval(tick);
});

/** Seconds elapsed on the running stopwatch at `now`, 0 when idle. */
export function elapsedSeconds(state: TimerState, now: number): number {
  return state.status === 'running' ? Math.max(0, Math.floor((now - state.startedAt) / 1000)) : 0;
}

/** The log fields a run's entry gives: labels from the current names, the text as a paragraph. */
function fieldsOfEntry(entry: TimerEntry | undefined): Partial<TimeLogInput> {
  if (!entry) return {};
  const task = entry.taskId ? $tasks.get().find((t) => t.id === entry.taskId) : undefined;
  return {
    projectId: entry.projectId,
    client: entry.projectId ? clientProjectLabel(entry.projectId) : '',
    taskId: task ? entry.taskId : null,
    task: task?.task ?? '',
    memberId: entry.memberId,
    tags: entry.tags.trim(),
    desc: textAsParagraph(entry.desc),
  };
}

/** Changes what the running stopwatch is for (shared with every tab and device). */
export function setTimerEntry(entry: TimerEntry): WriteResult {
  const state = $timer.get();
  if (state.status !== 'running') return writeOutcome(TIMER_KEY);
  if (JSON.stringify(state.entry ?? emptyEntry) === JSON.stringify(entry))
    return writeOutcome(TIMER_KEY);
  const next: TimerState = { ...state, entry };
  const { desc, ...named } = entry;
  return runCommand('editTimer', { entry: { ...named, description: desc } }, () => {
    $timer.set(next);
    recordLocalChange(TIMER_KEY, state, next);
    return writeOutcome(TIMER_KEY);
  });
}

/** What a run continuing `log` is for: its project, task, tags and description, by its presser. */
function entryOfLog(log: Pick<TimeLog, 'projectId' | 'taskId' | 'tags' | 'desc'>): TimerEntry {
  return {
    projectId: log.projectId,
    taskId: log.taskId,
    // The person who presses ▶ tracks their own time, whoever the log was for.
    memberId: null,
    tags: log.tags,
    desc: htmlToText(log.desc),
  };
}

/** This device's clock, minutes ahead of UTC at `now`: where the server cuts a run at midnight. */
const utcOffsetMinutes = (now: Date) => -now.getTimezoneOffset();

/**
 * Saves the running stopwatch as new logs, one per day it ran. It never adds to an existing log,
 * which may be locked, submitted, approved, invoiced or someone else's by now; a run started by
 * an older version to continue a log is saved as a new log with that log's project and words.
 * Sent as the command `stopTimer`: the server stops what runs there and saves it the same way.
 */
export function stopTimer(now = new Date(), stoppedRunId = idForUnnamedRun()): WriteResult {
  return runCommand(
    'stopTimer',
    {
      stoppedAt: now.getTime(),
      utcOffsetMinutes: utcOffsetMinutes(now),
      ...(stoppedRunId ? { stoppedRunId } : {}),
    },
    () => saveRun(now, stoppedRunId),
  );
}

/**
 * A run started by an older version has no id for the logs its stop saves. This device names
 * them and tells the server, so its guess and the server's answer are the same records (two
 * different ids would show the run twice until the next pull).
 */
function idForUnnamedRun(): string | undefined {
  const state = $timer.get();
  return state.status === 'running' && !state.runId ? newId() : undefined;
}

function saveRun(now: Date, stoppedRunId: string | undefined): WriteResult {
  const state = $timer.get();
  if (state.status !== 'running') return writeOutcome(TIMER_KEY);
  const runId = state.runId ?? stoppedRunId;
  const continued = state.continueLogId ? timeLogById(state.continueLogId) : undefined;
  const fromEntry = fieldsOfEntry(state.entry ?? (continued ? entryOfLog(continued) : undefined));
  // A project that needs approval gets a pending log, as the form would.
  const needsApproval =
    $projects.get().find((p) => p.id === fromEntry.projectId)?.approval ?? false;
  $timer.set(idle);
  recordLocalChange(TIMER_KEY, state, idle);
  const stopped = writeOutcome(TIMER_KEY);
  // One log per day the run touched (usually one), dated by when it ran.
  const runs = splitRunByDay(state.startedAt, now.getTime());
  const added = runs.map((run, index) =>
    addTimeLog(
      {
        client: '',
        projectId: null,
        task: '',
        taskId: null,
        tags: '',
        desc: '',
        exp: 0,
        memberId: null,
        ...fromEntry,
        date: run.date,
        dur: run.seconds,
        st: run.st,
        end: run.end,
      },
      needsApproval,
      now,
      runId ? `${runId}${index === 0 ? '' : `-${index}`}` : undefined,
    ),
  );
  return combineWrites(stopped, ...added);
}

/**
 * ▶ on a log: a new run from now, today, for the person who pressed it, with the log's project,
 * task, tags and description, as Toggl, Clockify and Harvest do. The log itself is left alone.
 */
export function continueLog(
  log: Pick<TimeLog, 'id' | 'projectId' | 'taskId' | 'tags' | 'desc'>,
  now = new Date(),
): WriteResult {
  const day = toDay(now);
  const runId = newId();
  const stoppedRunId = idForUnnamedRun();
  const args = {
    logId: log.id,
    startedAt: now.getTime(),
    day,
    runId,
    utcOffsetMinutes: utcOffsetMinutes(now),
    ...(stoppedRunId ? { stoppedRunId } : {}),
  };
  return runCommand('continueLog', args, () =>
    startTimer(day, now, null, entryOfLog(log), runId, stoppedRunId),
  );
}

/**
 * Starts the stopwatch for `day` (stopping and saving any running one first), as the command
 * `startTimer`; `runId` names the logs its stop will save, here and on the server alike.
 */
export function startTimer(
  day: string = toDay(new Date()),
  now = new Date(),
  continueLogId: string | null = null,
  entry?: TimerEntry,
  runId: string = newId(),
  stoppedRunId: string | undefined = idForUnnamedRun(),
): WriteResult {
  const named = entry && JSON.stringify(entry) !== JSON.stringify(emptyEntry) ? entry : undefined;
  const args = {
    startedAt: now.getTime(),
    day,
    runId,
    utcOffsetMinutes: utcOffsetMinutes(now),
    ...(stoppedRunId ? { stoppedRunId } : {}),
    ...(named
      ? {
          entry: {
            projectId: named.projectId,
            taskId: named.taskId,
            memberId: named.memberId,
            tags: named.tags,
            description: named.desc,
          },
        }
      : {}),
  };
  return runCommand('startTimer', args, () => {
    const stopped = stopTimer(now, stoppedRunId);
    const running: TimerState = {
      status: 'running',
      startedAt: now.getTime(),
      day,
      continueLogId,
      runId,
      ...(named ? { entry: named } : {}),
    };
    $timer.set(running);
    recordLocalChange(TIMER_KEY, idle, running);
    return combineWrites(stopped, writeOutcome(TIMER_KEY));
  });
}
