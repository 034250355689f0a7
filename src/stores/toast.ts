import { atom } from 'nanostores';

/** A short notification, optionally with an Undo action. */
export interface Toast {
  id: number;
  message: string;
  undo?: () => void;
}

/** The toast currently shown (one at a time; a new one replaces the old). */
export const $toast = atom<Toast | null>(null);

let counter = 0;
/** Shows a toast; SPEC.md's default: it closes after 5 s unless hovered. */
export function showToast(message: string, undo?: () => void): void {
  counter += 1;
  $toast.set(undo ? { id: counter, message, undo } : { id: counter, message });
}

/** Closes the toast if it is still the one with this id. */
export function closeToast(id: number): void {
  if ($toast.get()?.id === id) $toast.set(null);
}
