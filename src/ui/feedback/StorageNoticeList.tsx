import { useStore } from '@nanostores/react';
import { $storageNotices, dismissStorageNotice } from '../../stores/storage-notices';
import { ExportDataButton } from './ExportDataButton';

/** Each storage notice with an export of all data and a dismiss button. */
export function StorageNoticeList() {
  const notices = useStore($storageNotices);
  if (notices.length === 0) return null;
  return (
    <div className="space-y-2 p-4">
      {notices.map((notice) => (
        <div
          key={notice.id}
          role="alert"
          className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950"
        >
          <p>{notice.message}</p>
          <div className="mt-2 flex gap-2">
            <ExportDataButton className="btn-secondary py-1" />
            <button
              type="button"
              className="btn-secondary py-1"
              onClick={() => dismissStorageNotice(notice.id)}
            >
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
