import type { Rounding } from './entities/project';

/**
 * Billable time under a project's rounding: up, to the nearest (half up) or down to a
 * multiple of `intervalMinutes`; 'false' keeps the raw time. The stored duration never changes.
 */
export function roundSeconds(seconds: number, mode: Rounding, intervalMinutes: number): number {
  if (mode === 'false' || seconds <= 0 || intervalMinutes <= 0) return Math.max(0, seconds);
  const step = intervalMinutes * 60;
  const units = seconds / step;
  const rounded =
    mode === 'up'
      ? Math.ceil(units)
      : mode === 'down'
        ? Math.floor(units)
        : Math.floor(units + 0.5);
  return rounded * step;
}
