// The stopwatch's stored state and its reader, without zod: the stopwatch loads with Track
// (issue 29; tests/unit/stores/timer-state.test.ts checks the reader against the zod schema
// it replaced, on values of every kind).

/** Project, task, member, tags and description of a stopwatch run (description as plain text). */
export interface TimerEntry {
  projectId: string | null;
  taskId: string | null;
  memberId: string | null;
  tags: string;
  desc: string;
}

/** The stopwatch: a start timestamp, never a counter, so it is right after reloads and in every tab. */
export type TimerState =
  | { status: 'idle' }
  | {
      status: 'running';
      startedAt: number;
      day: string;
      continueLogId: string | null;
      // Names the logs a stop saves, so stopping the same run on two devices saves it once.
      runId?: string | undefined;
      // What the run is for; an unreadable part is dropped rather than the whole stopwatch.
      entry?: TimerEntry | undefined;
    };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const textOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function readEntry(v: unknown): TimerEntry | undefined {
  if (!isRecord(v)) return undefined;
  const { projectId, taskId, memberId, tags, desc } = v;
  return textOrNull(projectId) &&
    textOrNull(taskId) &&
    textOrNull(memberId) &&
    typeof tags === 'string' &&
    typeof desc === 'string'
    ? { projectId, taskId, memberId, tags, desc }
    : undefined;
}

/** A stored stopwatch state with its known fields only, or null when it cannot be read. */
export function readTimerState(value: unknown): TimerState | null {
  if (!isRecord(value)) return null;
  if (value.status === 'idle') return { status: 'idle' };
  if (value.status !== 'running') return null;
  const { startedAt, day, continueLogId, runId } = value;
  if (typeof startedAt !== 'number' || !Number.isInteger(startedAt) || startedAt <= 0) return null;
  if (typeof day !== 'string' || !textOrNull(continueLogId)) return null;
  if (runId !== undefined && typeof runId !== 'string') return null;
  const state: TimerState = { status: 'running', startedAt, day, continueLogId };
  if ('runId' in value) state.runId = runId;
  if ('entry' in value) state.entry = readEntry(value.entry);
  return state;
}
