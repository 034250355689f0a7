import { UNSURE, type Fast } from './fast-path';

// The fast decoders of the fields common.ts's schemas share, without zod (see fast-path.ts).

/** `idSchema`'s fast path. */
export const fastId: Fast = (v) => (typeof v === 'string' && v !== '' ? v : UNSURE);

/** `textish`'s fast path. */
export const fastText: Fast = (v) => (typeof v === 'string' ? v : v == null ? '' : UNSURE);

/** `numberish`'s fast path: a number, or UNSURE. */
export const fastNumber: Fast = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? v : v == null || v === '' ? 0 : UNSURE;
/** `numberish.pipe(z.number().min(0))`'s fast path. */
export const fastAmount: Fast = (v) => {
  const n = fastNumber(v);
  return typeof n === 'number' && n >= 0 ? n : UNSURE;
};

/** What `isoTimestamp` gives a record without a readable timestamp, so sorting still works. */
export const EPOCH = '1970-01-01T00:00:00.000Z';
// The pattern zod checks `.datetime({ offset: true })` with (`datetimeRegex({ precision: null,
// offset: true, local: false })`, copied: tests/unit/lib/entities compares the two).
const DATE =
  '((\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)|(02)-(0[1-9]|1\\d|2[0-8])))';
const TIME = '([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?';
export const ISO_TIMESTAMP = new RegExp(`^${DATE}T${TIME}(Z|([+-]\\d{2}:?\\d{2}))$`);
/** `isoTimestamp.optional()`'s fast path. */
export const fastTimestamp: Fast = (v) =>
  v === undefined || (typeof v === 'string' && ISO_TIMESTAMP.test(v)) ? v : EPOCH;

/** Record statuses (`statusSchema`). */
export const statuses = ['Active', 'Archived'] as const;
export type Status = (typeof statuses)[number];

/** A calendar day as YYYY-MM-DD. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** `z.union([dayString, z.literal('')]).catch('')`'s fast path. */
export const fastDayOrEmpty: Fast = (v) => (typeof v === 'string' && DAY_PATTERN.test(v) ? v : '');

/** Creates a unique id for a new record. */
export function newId(): string {
  return crypto.randomUUID();
}
