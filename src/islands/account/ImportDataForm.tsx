import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $abilities } from '../../stores/access';
import { $handedImportFile } from '../../stores/imports';

/**
 * Account setting → Your data → Import an export file: a file made with Export my data, on
 * this server or another, imported into the open workspace through the server's import (issue
 * 32): the file is handed to Import from another tool below, which shows what it holds, who its
 * people become, its progress and result, and can undo it. Records already imported are not
 * added twice.
 */
export function ImportDataForm() {
  const can = useStore($abilities);
  const inputId = useId();
  if (!can.isAdmin)
    return (
      <p className="mt-4 border-t border-slate-200 pt-4">
        Only Admins can import an export file into this workspace.
      </p>
    );
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <label htmlFor={inputId} className="mb-2 block font-semibold">
        Import an export file
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        className="block w-full max-w-full text-sm"
        aria-describedby={`${inputId}-help`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen again is read again.
          event.target.value = '';
          if (!file) return;
          $handedImportFile.set(file);
          document
            .getElementById('import-tool-heading')
            ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
      <p id={`${inputId}-help`} className="mt-1 break-words text-sm text-slate-600">
        A file made with Export my data, here or on another Hourmark server. Import from another
        tool below shows what it holds before anything is imported; records imported before are not
        added twice, and the import can be undone.
      </p>
    </div>
  );
}
