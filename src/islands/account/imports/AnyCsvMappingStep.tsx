import { useEffect, useRef, useState } from 'react';
import type { AnyCsvMapping } from '../../../lib/import/any-csv-mapping';
import { previewImport, type ImportPreview } from '../../../stores/imports';
import { AnyCsvMappingForm, completeMapping, type DraftMapping } from './AnyCsvMappingForm';

/** Choices made in a burst (a few arrow-key presses) ask the server once. */
export const MAPPING_DEBOUNCE_MS = 400;

interface AnyCsvMappingStepProps {
  file: File;
  timeZone: string;
  columns: string[];
  initial: DraftMapping;
  /** The preview the server already answered for `initial` (a remembered mapping), if any. */
  initialPreview: ImportPreview | null;
  remembered: boolean;
  /** The preview of the file with the mapping chosen, or null while it cannot be read. */
  onPreview: (preview: ImportPreview | null, mapping: AnyCsvMapping | null) => void;
}

const incomplete =
  'Choose the date, and a duration or a start and an end time, to see the first rows.';

const summaryOf = (preview: ImportPreview) =>
  `${preview.rows.importable} ${preview.rows.importable === 1 ? 'row' : 'rows'} can be imported, ${preview.rows.refused} cannot.`;

/**
 * Any CSV (issue 33): the mapping form, and the server's preview of the file asked again as the
 * choices change (once they settle), so the first rows show as they would import.
 */
export function AnyCsvMappingStep({
  file,
  timeZone,
  columns,
  initial,
  initialPreview,
  remembered,
  onPreview,
}: AnyCsvMappingStepProps) {
  const [draft, setDraft] = useState<DraftMapping>(initial);
  const [sample, setSample] = useState(initialPreview?.anyCsv?.sample ?? null);
  const [status, setStatus] = useState(initialPreview ? summaryOf(initialPreview) : incomplete);
  const [error, setError] = useState('');
  // The latest callback, so a parent's new function does not ask the server again.
  const report = useRef(onPreview);
  report.current = onPreview;
  // The preview the server gave with the file is not asked for again.
  const answered = useRef(initialPreview !== null);

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return;
    }
    const mapping = completeMapping(draft);
    setError('');
    if (!mapping) {
      setSample(null);
      setStatus(incomplete);
      report.current(null, null);
      return;
    }
    setStatus('Reading the first rows…');
    let live = true;
    const timer = setTimeout(() => {
      void previewImport(file, timeZone, mapping).then((answer) => {
        if (!live) return;
        if (!answer.ok) {
          setSample(null);
          setStatus('');
          setError([answer.message, ...Object.values(answer.fields ?? {})].join(' '));
          report.current(null, null);
          return;
        }
        const { preview } = answer.data;
        setSample(preview.anyCsv?.sample ?? []);
        setStatus(summaryOf(preview));
        report.current(preview, mapping);
      });
    }, MAPPING_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [draft, file, timeZone]);

  return (
    <AnyCsvMappingForm
      columns={columns}
      mapping={draft}
      onChange={setDraft}
      remembered={remembered}
      sample={sample}
      status={status}
      error={error}
    />
  );
}
