import { atom } from 'nanostores';

/** Why the browser refused to store a value, with the sentence shown to the person. */
export interface WriteFailure {
  reason: 'quota' | 'refused';
  message: string;
}

/**
 * Outcome of a store action that writes to browser storage. When `saved` is false the change
 * still applies in this tab, but only in memory: it is lost when the tab closes.
 */
export type WriteResult = { saved: true } | ({ saved: false } & WriteFailure);

const SAVED: WriteResult = { saved: true };

/** Keys whose latest write the browser refused: their current value lives only in this tab. */
export const $unsavedWrites = atom<Readonly<Record<string, WriteFailure>>>({});

/** Records that the latest write of `key` was refused. */
export function markUnsaved(key: string, failure: WriteFailure): void {
  $unsavedWrites.set({ ...$unsavedWrites.get(), [key]: failure });
}

/** Records that `key` is stored again (a later write went through). */
export function markSaved(key: string): void {
  const current = $unsavedWrites.get();
  if (!(key in current)) return;
  const next = { ...current };
  delete next[key];
  $unsavedWrites.set(next);
}

/** The outcome of the latest write of `key`: saved, or the failure that keeps it in memory. */
export function writeOutcome(key: string): WriteResult {
  const failure = $unsavedWrites.get()[key];
  return failure ? { saved: false, ...failure } : SAVED;
}

/** The first failed result of several writes made by one action, or saved when all went through. */
export function combineWrites(...results: WriteResult[]): WriteResult {
  return results.find((result) => !result.saved) ?? SAVED;
}

function askBeforeLeaving(event: BeforeUnloadEvent): void {
  // The standard way (Chromium 119+, Firefox, Safari); the browser shows its own wording.
  event.preventDefault();
}

let guarding = false;
/**
 * While any change is held only in memory, leaving the page (closing the tab, reloading, or any
 * link, since every screen is its own page) makes the browser ask first. Idempotent.
 */
export function guardUnsavedWrites(): void {
  if (guarding || typeof window === 'undefined') return;
  guarding = true;
  $unsavedWrites.subscribe((unsaved) => {
    if (Object.keys(unsaved).length > 0) window.addEventListener('beforeunload', askBeforeLeaving);
    else window.removeEventListener('beforeunload', askBeforeLeaving);
  });
}
