import { fastAmount, fastId, fastNumber, fastText, fastTimestamp, statuses } from './fast-fields';
import { fastObject, flag, oneOf, string, stringOrNull, UNSURE } from './fast-path';

// The fast decoder of a stored project (project.ts holds its schema), and the billable and
// rounding settings the screens name, without zod.

/** Billable settings of SPEC.md section 9; 'false' is "Non billable" as the original stored it. */
export const billableOptions = ['member', 'task', 'project', 'false'] as const;
export type Billable = (typeof billableOptions)[number];
export const billableLabels: Record<Billable, string> = {
  member: 'Team member-based rate',
  task: 'Task-based rate',
  project: 'Project-based rate',
  false: 'Non billable',
};

export const roundingOptions = ['up', 'nearest', 'down', 'false'] as const;
export type Rounding = (typeof roundingOptions)[number];
export const roundingLabels: Record<Rounding, string> = {
  up: 'Round up',
  nearest: 'Round to the nearest',
  down: 'Round down',
  false: 'No Rounding',
};
export const roundingIntervals = [1, 5, 6, 10, 15, 30, 60] as const;

/** Accepts our codes and the labels the original app may have stored. */
function labelReader<T extends string>(labels: Record<T, string>, fallback: T) {
  return (v: unknown): T => {
    if (v === false || v === 'false' || v === null || v === undefined || v === '') return fallback;
    const text = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    const byCode = (Object.keys(labels) as T[]).find((code) => code === text);
    if (byCode) return byCode;
    const byLabel = (Object.keys(labels) as T[]).find(
      (code) => labels[code].toLowerCase() === text.toLowerCase(),
    );
    return byLabel ?? fallback;
  };
}
export const readBillable = labelReader<Billable>(billableLabels, 'false');
export const readRounding = labelReader<Rounding>(roundingLabels, 'false');

/** `projectSchema`'s fast path: its fields in the order of its shape. */
export const fastProject = fastObject({
  id: fastId,
  projectName: string,
  client: fastText,
  clientId: stringOrNull,
  hours: fastAmount,
  billamount: fastAmount,
  task: (v) => (Array.isArray(v) ? [...(v as unknown[])] : UNSURE),
  description: fastText,
  billable: readBillable,
  rounding: readRounding,
  timeInterval: (v) => {
    const n = fastNumber(v);
    if (n === UNSURE) return UNSURE;
    return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 60 ? n : 15;
  },
  approval: flag,
  memberIds: (v) =>
    v === undefined
      ? undefined
      : Array.isArray(v) && v.every((id) => typeof id === 'string')
        ? [...v]
        : UNSURE,
  date: fastNumber,
  month: fastNumber,
  year: fastNumber,
  status: oneOf(statuses, 'Active'),
  createdAt: fastTimestamp,
  updatedAt: fastTimestamp,
});
