import { atom } from 'nanostores';

/** Something about browser storage the person must know: unreadable data kept aside, or a full quota. */
export type StorageNotice =
  | { id: string; kind: 'corrupt'; key: string; stashKey: string; dropped: number; message: string }
  | { id: string; kind: 'quota'; key: string; message: string };

/** Notices shown by the signed-in shell until dismissed. */
export const $storageNotices = atom<StorageNotice[]>([]);

/** Adds a notice unless one for the same key and kind is already shown. */
export function reportStorageNotice(notice: StorageNotice): void {
  const current = $storageNotices.get();
  if (current.some((n) => n.kind === notice.kind && n.key === notice.key)) return;
  $storageNotices.set([...current, notice]);
}

/** Hides a notice. */
export function dismissStorageNotice(id: string): void {
  $storageNotices.set($storageNotices.get().filter((n) => n.id !== id));
}
