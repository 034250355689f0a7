import { listOfKind, type AnyLocalRecord, type LocalRecords } from '../../lib/sync/local-records';
import { splitRecordKey } from '../../lib/sync/rebase';

/** The cached value of `record` (`kind:id`), as a base for a ready-made mutation. */
export const cachedRecord =
  (cache: LocalRecords) =>
  (record: string): AnyLocalRecord | null => {
    const { kind, id } = splitRecordKey(record);
    if (kind === 'timer') return null;
    return (cache[listOfKind[kind]] as AnyLocalRecord[]).find((r) => r.id === id) ?? null;
  };
