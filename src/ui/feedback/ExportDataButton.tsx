import { downloadFile } from './download';

/** Downloads everything this tab holds (including changes storage refused) as one JSON file. */
export function ExportDataButton() {
  return (
    <button
      type="button"
      className="btn-secondary py-1"
      onClick={() => {
        // Loaded on click: it reads every list, which a screen showing one list need not decode.
        void import('../../stores/export-data').then(({ exportSnapshot }) =>
          downloadFile(`hourmark-export-${Date.now()}.json`, exportSnapshot(), 'application/json'),
        );
      }}
    >
      Export my data
    </button>
  );
}
