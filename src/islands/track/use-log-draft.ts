import { useState } from 'react';
import { endFromStart, durationFromRange, parseClock } from '../../lib/clock-time';
import { formatDuration, parseDuration } from '../../lib/duration';
import type { TimeLogDraft } from '../../lib/time-log-form';

/** Form state of a time log where start, end and duration fill each other in. */
export function useLogDraft(initial: TimeLogDraft) {
  const [draft, setDraft] = useState(initial);

  const set = <K extends keyof TimeLogDraft>(key: K, value: TimeLogDraft[K]) => {
    setDraft((current) => {
      const next = { ...current, [key]: value };
      const parsed = parseDuration(next.duration);
      const seconds = parsed.ok ? parsed.seconds : null;
      if (key === 'end' && parseClock(next.st) !== null && parseClock(next.end) !== null) {
        next.duration = formatDuration(durationFromRange(next.st, next.end), 'short');
      } else if (
        (key === 'st' || key === 'duration') &&
        parseClock(next.st) !== null &&
        seconds !== null &&
        seconds > 0
      ) {
        next.end = endFromStart(next.st, seconds);
      } else if (key === 'st' && parseClock(next.st) !== null && parseClock(next.end) !== null) {
        next.duration = formatDuration(durationFromRange(next.st, next.end), 'short');
      }
      return next;
    });
  };

  return { draft, set, reset: (value: TimeLogDraft) => setDraft(value) };
}
