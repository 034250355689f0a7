import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { currentZoneName, currentZoneNames } from '../../../lib/time-zones';
import { $abilities, $workspaceRules } from '../../../stores/access';
import {
  $handedImportFile,
  listImports,
  previewImport,
  startImport,
  type ImportPreview,
  type ImportView,
  type PersonMapping,
  type SendProgress,
} from '../../../stores/imports';
import { $team } from '../../../stores/team';
import type { AnyCsvMapping } from '../../../lib/import/any-csv-mapping';
import type { DraftMapping } from './AnyCsvMappingForm';
import { AnyCsvMappingStep } from './AnyCsvMappingStep';
import { ImportBillingStep, chosenRates, rateProblem, type RateTexts } from './ImportBillingStep';
import { ImportHistory } from './ImportHistory';
import { hasWork, startLabel } from './ImportStructureNote';
import { ImportPeopleStep, suggestedMapping, type MemberChoice } from './ImportPeopleStep';
import { ImportPreviewPanel } from './ImportPreviewPanel';
import { ImportProgressPanel } from './ImportProgressPanel';
import { ImportSendingPanel } from './ImportSendingPanel';
import { ImportUploadField } from './ImportUploadField';

type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; file: File }
  | { kind: 'preview'; file: File; preview: ImportPreview }
  // Any CSV (issue 33): the person maps the columns; `preview` once the mapping reads.
  | {
      kind: 'mapping';
      file: File;
      columns: string[];
      initial: DraftMapping;
      initialPreview: ImportPreview | null;
      preview: ImportPreview | null;
    }
  | { kind: 'following'; importId: string; initial: ImportView | null };

/** Every zone this browser knows, `first` (the workspace's) at the top. */
function zonesWith(first: string): string[] {
  const known = currentZoneNames(Intl.supportedValuesOf('timeZone'));
  const shown = currentZoneName(first);
  return [shown, ...known.filter((zone) => zone !== shown)];
}

/**
 * Account setting → Import from another tool (issue 32), for Admins: upload, preview, people,
 * start, progress and result, and the workspace's earlier imports. The import runs on the
 * server; this screen only asks about it.
 */
export function ImportFromToolSection() {
  const can = useStore($abilities);
  const rules = useStore($workspaceRules);
  const team = useStore($team);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [uploadError, setUploadError] = useState('');
  const [startError, setStartError] = useState('');
  // Set while the file is sent and read at Start: how much of it has gone (issue 32).
  const [sending, setSending] = useState<SendProgress | null>(null);
  /** Stops the start under way when the person presses Cancel. */
  const cancelStart = useRef<AbortController | null>(null);
  const starting = sending !== null;
  const [timeZone, setTimeZone] = useState('');
  const [dateFormat, setDateFormat] = useState('');
  const [mappings, setMappings] = useState<PersonMapping[]>([]);
  const [columnMapping, setColumnMapping] = useState<AnyCsvMapping | null>(null);
  // Issue 47: the rates typed for new projects (by their place in the preview) and approval.
  const [rates, setRates] = useState<RateTexts>({});
  const [approveHistory, setApproveHistory] = useState(true);
  const [history, setHistory] = useState<ImportView[]>([]);
  const [historyError, setHistoryError] = useState('');

  const zone = timeZone || rules.timeZone;
  const zones = useMemo(() => zonesWith(zone), [zone]);
  const members: MemberChoice[] = useMemo(
    () =>
      team
        .filter((member) => member.status === 'Active')
        .map((member) => ({ id: member.id, name: member.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [team],
  );

  const refreshHistory = useCallback(() => {
    void listImports().then((answer) => {
      if (!answer.ok) return setHistoryError(answer.message);
      setHistoryError('');
      setHistory(answer.data.imports);
    });
  }, []);
  useEffect(() => {
    if (can.isAdmin) refreshHistory();
  }, [can.isAdmin, refreshHistory]);
  // A file chosen under Your data → Import an export file (Hourmark's own export) is read here.
  const handed = useStore($handedImportFile);
  const readHanded = useRef<(file: File) => void>(() => {});
  useEffect(() => {
    if (!handed || !can.isAdmin) return;
    $handedImportFile.set(null);
    readHanded.current(handed);
  }, [handed, can.isAdmin]);

  if (!can.isAdmin)
    return (
      <p className="mt-2">
        Only Admins can import time logs from other tools into this workspace. Ask an Admin of the
        workspace to import them.
      </p>
    );

  const read = async (file: File, inZone: string) => {
    setUploadError('');
    setStartError('');
    setStep({ kind: 'reading', file });
    const answer = await previewImport(file, inZone);
    // A file no known source recognises: its columns are mapped (Any CSV, issue 33).
    const columns = !answer.ok && (answer.body as { columns?: unknown } | undefined)?.columns;
    if (!answer.ok && answer.error === 'unknown_source' && Array.isArray(columns)) {
      setColumnMapping(null);
      setStep({
        kind: 'mapping',
        file,
        columns: columns.map(String),
        initial: {},
        initialPreview: null,
        preview: null,
      });
      return;
    }
    if (!answer.ok) {
      setUploadError(answer.message);
      setStep({ kind: 'choose' });
      return;
    }
    const preview = answer.data.preview;
    setRates({});
    setTimeZone(preview.timeZone);
    setDateFormat(preview.mustChooseDateFormat ? '' : (preview.dateFormats[0] ?? ''));
    setMappings(preview.people.map(suggestedMapping));
    if (preview.anyCsv) {
      // A file of a shape imported before: its mapping is filled in, to confirm.
      setColumnMapping(preview.anyCsv.mapping);
      setStep({
        kind: 'mapping',
        file,
        columns: preview.anyCsv.columns,
        initial: preview.anyCsv.mapping,
        initialPreview: preview,
        preview,
      });
    } else setStep({ kind: 'preview', file, preview });
  };

  readHanded.current = (chosen) => void read(chosen, zone);

  // The mapping form's latest preview: the figures, people and Start below follow it.
  const mapped = (preview: ImportPreview | null, mapping: AnyCsvMapping | null) => {
    setColumnMapping(mapping);
    if (preview) {
      setDateFormat(preview.mustChooseDateFormat ? '' : (preview.dateFormats[0] ?? ''));
      setMappings(preview.people.map(suggestedMapping));
    }
    setStep((current) => (current.kind === 'mapping' ? { ...current, preview } : current));
  };
  const shown = step.kind === 'preview' || step.kind === 'mapping' ? step.preview : null;

  const start = async () => {
    if ((step.kind !== 'preview' && step.kind !== 'mapping') || !step.preview) return;
    if (step.preview.mustChooseDateFormat && !dateFormat) {
      setStartError('Choose the order of the dates in the file first.');
      return;
    }
    const badRate = step.preview.newProjectRates.findIndex((p, index) =>
      rateProblem(rates[index] ?? String(p.rate)),
    );
    if (badRate >= 0) {
      setStartError(
        `Enter a rate of 0 or more for ${step.preview.newProjectRates[badRate]?.project ?? 'each new project'}.`,
      );
      return;
    }
    setStartError('');
    setSending({ sent: 0, total: step.file.size, done: false });
    const cancel = new AbortController();
    cancelStart.current = cancel;
    const answer = await startImport(
      step.file,
      {
        timeZone: zone,
        dateFormat: step.preview.mustChooseDateFormat ? dateFormat : null,
        people: mappings,
        projectRates: chosenRates(step.preview, rates),
        approveHistory,
        ...(step.kind === 'mapping' && columnMapping ? { mapping: columnMapping } : {}),
      },
      setSending,
      cancel.signal,
    );
    cancelStart.current = null;
    setSending(null);
    // Cancelled while the file was sent or read: the server imports nothing (it checks).
    if (cancel.signal.aborted) return;
    if (!answer.ok)
      return setStartError([answer.message, ...Object.values(answer.fields ?? {})].join(' '));
    setStep({ kind: 'following', importId: answer.data.import.id, initial: answer.data.import });
    refreshHistory();
  };

  const file =
    step.kind === 'reading' || step.kind === 'preview' || step.kind === 'mapping'
      ? step.file
      : null;
  return (
    <div className="mt-2">
      {step.kind === 'following' ? (
        <>
          <ImportProgressPanel
            key={step.importId}
            importId={step.importId}
            initial={step.initial}
            onChanged={refreshHistory}
          />
          <button
            type="button"
            className="btn-secondary mt-3"
            onClick={() => setStep({ kind: 'choose' })}
          >
            Import another file
          </button>
        </>
      ) : (
        <ImportUploadField
          file={file}
          error={uploadError}
          busy={step.kind === 'reading'}
          onFile={(chosen) => void read(chosen, zone)}
        />
      )}
      {step.kind === 'mapping' ? (
        <AnyCsvMappingStep
          key={`${step.file.name}-${step.file.size}-${step.file.lastModified}`}
          file={step.file}
          timeZone={zone}
          columns={step.columns}
          initial={step.initial}
          initialPreview={step.initialPreview}
          remembered={step.initialPreview !== null}
          onPreview={mapped}
        />
      ) : null}
      {(step.kind === 'preview' || step.kind === 'mapping') && shown ? (
        <>
          <ImportPreviewPanel
            preview={shown}
            zones={zones}
            onTimeZone={(chosen) =>
              // The mapping step asks again itself, in the zone chosen.
              step.kind === 'mapping' ? setTimeZone(chosen) : void read(step.file, chosen)
            }
            dateFormat={dateFormat}
            onDateFormat={setDateFormat}
          />
          <ImportBillingStep
            preview={shown}
            rates={rates}
            onRate={(index, text) => setRates((all) => ({ ...all, [index]: text }))}
            approveHistory={approveHistory}
            onApproveHistory={setApproveHistory}
          />
          {shown.people.length > 0 ? (
            <ImportPeopleStep
              people={shown.people}
              members={members}
              mappings={mappings}
              onChange={(index, mapping) =>
                setMappings((all) => all.map((m, i) => (i === index ? mapping : m)))
              }
            />
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={starting || !hasWork(shown)}
              onClick={() => void start()}
            >
              {starting ? 'Starting…' : startLabel(shown)}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                cancelStart.current?.abort();
                setStep({ kind: 'choose' });
              }}
            >
              Cancel
            </button>
          </div>
          {sending && (step.kind === 'preview' || step.kind === 'mapping') ? (
            <ImportSendingPanel fileName={step.file.name} preview={shown} progress={sending} />
          ) : null}
          {!hasWork(shown) ? (
            <p className="mt-2">
              {shown.structure
                ? 'Everything in this file is in Hourmark already.'
                : 'This file has no rows left to import.'}
            </p>
          ) : null}
          {startError ? (
            <p role="alert" className="field-error mt-2 break-words">
              {startError}
            </p>
          ) : null}
        </>
      ) : null}
      {historyError ? (
        <p role="alert" className="field-error mt-4">
          {historyError}
        </p>
      ) : (
        <ImportHistory
          imports={history}
          onOpen={(view) => setStep({ kind: 'following', importId: view.id, initial: view })}
        />
      )}
    </div>
  );
}
