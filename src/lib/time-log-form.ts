import { parseDuration } from './duration';
import { textProblem } from './storable-text';

/** What the add / edit time-log form holds while a person types. */
export interface TimeLogDraft {
  date: string;
  projectId: string;
  taskId: string;
  memberId: string;
  tags: string;
  desc: string;
  duration: string;
  st: string;
  end: string;
  exp: string;
}

/** An empty draft for `day`. */
export function emptyDraft(day: string, memberId = ''): TimeLogDraft {
  return {
    date: day,
    projectId: '',
    taskId: '',
    memberId,
    tags: '',
    desc: '',
    duration: '',
    st: '',
    end: '',
    exp: '',
  };
}

/** The Time Log section fields SPEC.md requires, with the names the form shows. */
const REQUIRED: { key: keyof TimeLogDraft; label: string }[] = [
  { key: 'projectId', label: 'Client & Project' },
  { key: 'taskId', label: 'Task' },
  { key: 'desc', label: 'Description' },
  { key: 'tags', label: 'Tags' },
];

/** The validated values of a draft, ready to be stored. */
export interface ValidDraft {
  seconds: number;
  expenses: number;
}

/** Result of checking a draft: SPEC.md's 'please fill Time Log section' names what is missing. */
export type DraftCheck =
  | { ok: true; value: ValidDraft }
  | { ok: false; message: string; fields: Partial<Record<keyof TimeLogDraft, string>> };

const blank = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';
/** Tags are one comma-separated text, so ' , ' holds no tag at all. */
const missingValue = (key: keyof TimeLogDraft, value: string) =>
  key === 'tags' ? value.split(',').every((tag) => tag.trim() === '') : blank(value);

/** Validates a draft; nothing is saved unless this returns ok. */
export function checkDraft(draft: TimeLogDraft): DraftCheck {
  const fields: Partial<Record<keyof TimeLogDraft, string>> = {};
  const missing = REQUIRED.filter(({ key }) => missingValue(key, draft[key]));
  for (const { key, label } of missing) fields[key] = `Fill in ${label}`;
  // The description comes from the editor, which drops control characters itself.
  if (!fields.tags && textProblem(draft.tags)) fields.tags = textProblem(draft.tags);
  const duration = parseDuration(draft.duration);
  if (!duration.ok) fields.duration = duration.message;
  // Amounts are written the en-IN way ('1,50,000.50'): commas only group digits, so they are
  // dropped rather than read as a decimal point, which would turn ₹1,000 into ₹1.
  const expenses = draft.exp.trim() === '' ? 0 : Number(draft.exp.replace(/,/g, '').trim());
  if (!Number.isFinite(expenses) || expenses < 0) fields.exp = 'Enter expenses of 0 or more';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) fields.date = 'Choose a date';
  if (Object.keys(fields).length > 0) {
    const names = missing.map((m) => m.label);
    const message =
      names.length > 0
        ? `please fill Time Log section: ${names.join(', ')}`
        : 'Please correct the highlighted fields.';
    return { ok: false, message, fields };
  }
  return { ok: true, value: { seconds: duration.ok ? duration.seconds : 0, expenses } };
}
