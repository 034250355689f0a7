import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDuration } from '../../lib/duration';
import { $now, $timer, elapsedSeconds, startTimer, stopTimer } from '../../stores/timer';
import { $shownDay } from '../../stores/track';

/** SPEC.md's stopwatch: Start (then 'Start New') and Stop; the display is derived from the start time. */
export function Stopwatch() {
  const timer = useStore($timer);
  const now = useStore($now);
  const day = useStore($shownDay);
  const running = timer.status === 'running';
  const shown = formatDuration(elapsedSeconds(timer, now), 'clock');

  useEffect(() => {
    const base = 'Track · Hourmark';
    document.title = running ? `${shown} · ${base}` : base;
  }, [running, shown]);

  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
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
        onClick={() => startTimer(day)}
        aria-keyshortcuts={running ? undefined : 's'}
      >
        {running ? 'Start New' : 'Start'}
      </button>
      {running ? (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => stopTimer()}
          aria-keyshortcuts="s"
        >
          Stop
        </button>
      ) : null}
    </div>
  );
}
