import { useStore } from '@nanostores/react';
import { showDuration } from '../../lib/duration-format';
import { $durationFormat } from '../../stores/access';

/**
 * Durations as the open workspace shows them on every screen (issue 47): a total as 1:20 or
 * 1.33, one log's length as 1:20:05 or 1.33 (`'log'`).
 */
export function useDuration(): (seconds: number, what?: 'total' | 'log') => string {
  const format = useStore($durationFormat);
  return (seconds, what = 'total') => showDuration(seconds, format, what);
}
