import { fastAmount, fastDayOrEmpty, fastId, fastText, fastTimestamp } from './fast-fields';
import { fastObject, oneOf, optional, stringOrNull, UNSURE, type Fast } from './fast-path';

// The fast decoder of a stored time log (time-log.ts holds its schema), without zod.

/** Start / end clock time 'HH:MM'. */
export const CLOCK_PATTERN = /^\d{2}:\d{2}$/;
// The original app stored 0 for "not set": any number but NaN is '' to the schema too.
const fastClockTime: Fast = (v) =>
  typeof v === 'string'
    ? CLOCK_PATTERN.test(v)
      ? v
      : ''
    : v == null || (typeof v === 'number' && !Number.isNaN(v))
      ? ''
      : UNSURE;

/** A log's approval statuses. */
export const logStatuses = ['approved', 'pending', 'submitted', 'rejected'] as const;

const isInteger = (v: unknown): v is number => Number.isInteger(v);
/** Figures in the shape the server sends become a new object of exactly those; else UNSURE. */
const fastBilled: Fast = (v) => {
  if (v === undefined) return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return UNSURE;
  const { billableSeconds, billableMinor, costMinor } = v as Record<string, unknown>;
  return isInteger(billableSeconds) &&
    billableSeconds >= 0 &&
    isInteger(billableMinor) &&
    isInteger(costMinor)
    ? { billableSeconds, billableMinor, costMinor }
    : UNSURE;
};

/** `timeLogSchema`'s fast path: its fields in the order of its shape. */
export const fastTimeLog = fastObject({
  id: optional(fastId),
  date: fastDayOrEmpty,
  client: fastText,
  projectId: stringOrNull,
  task: fastText,
  taskId: stringOrNull,
  tags: fastText,
  desc: fastText,
  dur: fastAmount,
  st: fastClockTime,
  end: fastClockTime,
  exp: fastAmount,
  memberId: stringOrNull,
  status: oneOf(logStatuses, 'approved'),
  // `z.string().optional().catch(undefined)`: a note that is not text is dropped.
  reviewNote: (v) => (typeof v === 'string' ? v : undefined),
  billable: (v) => (typeof v === 'boolean' ? v : undefined),
  invoicedElsewhere: (v) => (typeof v === 'boolean' ? v : undefined),
  invoice: (v) => (typeof v === 'string' ? v : undefined),
  billed: fastBilled,
  createdAt: fastTimestamp,
  updatedAt: fastTimestamp,
});
