import { emptyDraft, type TimeLogDraft } from '../lib/time-log-draft';

/**
 * The add-log form's half-filled values, kept for this tab (sessionStorage) so a reload, or a
 * browser that restores the tab, brings the form back as it was; cleared when the form closes.
 */
const DRAFT_KEY = 'hm.addLogDraft';

const fields = Object.keys(emptyDraft('')) as (keyof TimeLogDraft)[];

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The kept draft, or null when there is none (or it is not one). */
export function savedAddDraft(): TimeLogDraft | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(DRAFT_KEY) ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    if (!fields.every((key) => typeof record[key] === 'string')) return null;
    return Object.fromEntries(fields.map((key) => [key, record[key]])) as unknown as TimeLogDraft;
  } catch {
    return null;
  }
}

/** Keeps `draft` unless it holds nothing but its day and member; null forgets it. */
export function keepAddDraft(draft: TimeLogDraft | null): void {
  const empty =
    draft && JSON.stringify(draft) === JSON.stringify(emptyDraft(draft.date, draft.memberId));
  try {
    if (!draft || empty) storage()?.removeItem(DRAFT_KEY);
    else storage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or disabled sessionStorage only loses this convenience.
  }
}
