import { parseDuration } from './duration';
import { missingLogFields, requirableLogFields } from './policy/required-fields';
import { textProblem } from './storable-text';
import type { TimeLogDraft } from './time-log-draft';
import type { WorkspaceRules } from './workspace-rules';
import { readLocaleNumber } from './locale-number';

export { emptyDraft, type TimeLogDraft } from './time-log-draft';

/** The validated values of a draft, ready to be stored. */
export interface ValidDraft {
  seconds: number;
  expenses: number;
}

/** Result of checking a draft: SPEC.md's 'please fill Time Log section' names what is missing. */
export type DraftCheck =
  | { ok: true; value: ValidDraft }
  | { ok: false; message: string; fields: Partial<Record<keyof TimeLogDraft, string>> };

/** The years a log may be dated in: a typo like 0005 or 20266 is said, not stored (issue 29). */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;
const yearProblem = `Enter a year from ${FIRST_YEAR} to ${LAST_YEAR}`;
const isSaneYear = (day: string) => {
  const year = Number(day.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

/**
 * Validates a draft; nothing is saved unless this returns ok. A log needs a day and a duration;
 * a project and a task only when the workspace requires them (the one policy's rule, which the
 * server applies too); description and tags never (issue 29, docs/spec-notes.md).
 */
export function checkDraft(
  draft: TimeLogDraft,
  rules: Pick<WorkspaceRules, 'requireProjectAndTask'> = { requireProjectAndTask: false },
): DraftCheck {
  const fields: Partial<Record<keyof TimeLogDraft, string>> = {};
  const missing: string[] = missingLogFields(rules, draft).map((key) => requirableLogFields[key]);
  for (const key of missingLogFields(rules, draft))
    fields[key] = `Fill in ${requirableLogFields[key]}`;
  // The description comes from the editor, which drops control characters itself.
  if (textProblem(draft.tags)) fields.tags = textProblem(draft.tags);
  // Amounts are read in the person's locale (issue 47): '1,50,000.50' and '₹1,000' group digits
  // in India, and '12,50' is twelve and a half in Germany, not 1250.
  const read = draft.exp.trim() === '' ? 0 : readLocaleNumber(draft.exp);
  const expenses = read ?? Number.NaN;
  if (read === null || read < 0) fields.exp = 'Enter expenses of 0 or more';
  const duration = parseDuration(draft.duration);
  if (!duration.ok) fields.duration = duration.message;
  // A log is time spent; only an expense on its own (a train ticket) may come without any.
  else if (duration.seconds === 0 && !(expenses > 0)) {
    fields.duration = 'Enter how long, like 1:30 or 45m';
    missing.push('Duration');
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) fields.date = 'Choose a date';
  else if (!isSaneYear(draft.date)) fields.date = yearProblem;
  if (Object.keys(fields).length > 0) {
    const message =
      missing.length > 0
        ? `please fill Time Log section: ${missing.join(', ')}`
        : 'Please correct the highlighted fields.';
    return { ok: false, message, fields };
  }
  return { ok: true, value: { seconds: duration.ok ? duration.seconds : 0, expenses } };
}
