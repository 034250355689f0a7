import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $storageNotices } from '../../stores/storage-notices';

// The list and its export code load only when there is something to tell, which is rare.
const StorageNoticeList = lazy(() =>
  import('./StorageNoticeList').then((m) => ({ default: m.StorageNoticeList })),
);

/** Tells the person when stored data was unreadable or storage is full, with an export. */
export function StorageNotices() {
  const notices = useStore($storageNotices);
  if (notices.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <StorageNoticeList />
    </Suspense>
  );
}
