import { useId, useState } from 'react';
import { MAX_IMPORT_BYTES } from '../../../stores/imports';

/** A file's size for people: '1.2 MB', '840 KB', '312 bytes'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

interface ImportUploadFieldProps {
  file: File | null;
  /** The server's refusal of the file (415, 413, 422), shown beside the field. */
  error: string;
  busy: boolean;
  onFile: (file: File) => void;
}

/**
 * Choosing or dropping the file of another tool. The drop zone is the label of a real file
 * input, so the keyboard reaches it through the input; a file over 50 MB is refused here,
 * before anything is sent.
 */
export function ImportUploadField({ file, error, busy, onFile }: ImportUploadFieldProps) {
  const id = useId();
  const [tooBig, setTooBig] = useState('');
  const [dragging, setDragging] = useState(false);

  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setTooBig(
        `${chosen.name} is ${formatFileSize(chosen.size)} (${chosen.size.toLocaleString('en')} bytes), more than the 50 MB a file can have. Export a shorter period and import each file in turn.`,
      );
      return;
    }
    setTooBig('');
    onFile(chosen);
  };
  const message = tooBig || error;

  return (
    <div
      className={`rounded-lg border-2 border-dashed p-4 ${dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        take(event.dataTransfer.files[0]);
      }}
    >
      <label htmlFor={id} className="mb-2 block font-semibold">
        File exported from Toggl Track
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,.xlsx,.zip,.json,text/csv,text/plain,application/json"
        disabled={busy}
        className="block w-full max-w-full text-sm"
        aria-describedby={`${id}-help${message ? ` ${id}-error` : ''}`}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          take(event.target.files?.[0]);
          // The same file chosen again (after fixing it elsewhere) is read again.
          event.target.value = '';
        }}
      />
      <p id={`${id}-help`} className="mt-1 break-words text-sm text-slate-600">
        Choose the file, or drop it here: a Detailed report exported from Toggl Track as CSV, or a
        file made with Export my data, up to 50 MB. Nothing is imported until you have seen what the
        file holds and pressed Start import.
      </p>
      {file ? (
        <p className="mt-2 break-all text-sm">
          Chosen: <span className="font-semibold">{file.name}</span> ({formatFileSize(file.size)})
          {busy ? ' · reading…' : ''}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} role="alert" className="field-error mt-2 break-words">
          {message}
        </p>
      ) : null}
    </div>
  );
}
