import { shortHash } from '../lib/hash';
import { readKept, writeRaw } from './storage-engine';
import { reportStorageNotice } from './storage-notices';
import { writeOutcome } from './unsaved-writes';

// Named by a hash of the value, so loading the same bad value again finds its copy instead of
// making another (one copy per page load used to fill the quota with a large list).
function copyAside(key: string, raw: string): string {
  const named = `${key}.corrupt.${shortHash(raw)}`;
  const existing = readKept(named);
  if (existing === raw) return named;
  // Two different values with the same 53-bit hash are unlikely, but must not overwrite each other.
  const stashKey = existing === null ? named : `${named}.${shortHash(named + raw)}`;
  if (readKept(stashKey) !== raw) writeRaw(stashKey, raw, { report: false });
  return stashKey;
}

/**
 * Copies an unreadable stored value aside under `<key>.corrupt.<hash of the value>` and reports
 * where. The same bad value is copied once, however many pages load it; copies are never deleted.
 */
export function keepAside(key: string, raw: string, dropped: number, total: number | null): void {
  const stashKey = copyAside(key, raw);
  const what =
    total === null
      ? `The saved "${key}" data could not be read`
      : `${dropped} of ${total} saved "${key}" records could not be read`;
  const where = writeOutcome(stashKey).saved
    ? `A copy of the original is kept under "${stashKey}" in this browser; use Export to download it.`
    : `Your browser could not store a copy under "${stashKey}", so it is kept in this tab only. Export your data now so nothing is lost.`;
  reportStorageNotice({
    id: `corrupt-${key}`,
    kind: 'corrupt',
    key,
    stashKey,
    dropped,
    message: `${what}. ${where}`,
  });
}
