import { writeRaw } from './storage-engine';
import { reportStorageNotice } from './storage-notices';

const stashed = new Set<string>();

/** Copies an unreadable stored value aside under `<key>.corrupt.<timestamp>` (never deletes it). */
export function keepAside(key: string, raw: string, dropped: number, total: number | null): void {
  const fingerprint = `${key}\u0000${raw}`;
  if (stashed.has(fingerprint)) return;
  stashed.add(fingerprint);
  const stashKey = `${key}.corrupt.${Date.now()}`;
  writeRaw(stashKey, raw);
  const what =
    total === null
      ? `The saved "${key}" data could not be read`
      : `${dropped} of ${total} saved "${key}" records could not be read`;
  reportStorageNotice({
    id: `corrupt-${key}`,
    kind: 'corrupt',
    key,
    stashKey,
    dropped,
    message: `${what}. A copy of the original is kept under "${stashKey}" in this browser; use Export to download it.`,
  });
}
