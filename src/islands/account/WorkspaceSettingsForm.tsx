import { currentZoneName, currentZoneNames } from '../../lib/time-zones';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { formatDay } from '../../lib/day';
import { durationFormatLabels, durationFormatOf, durationFormats } from '../../lib/duration-format';
import { lockedUpTo, MAX_GRACE_DAYS, type AutoLockPeriod } from '../../lib/workspace-rules';
import { $abilities } from '../../stores/access';
import {
  loadWorkspaceSettings,
  saveWorkspaceSettings,
  type WorkspaceSettings,
} from '../../stores/workspace-settings';
import { Field } from '../../ui/form/Field';
import { TextField } from '../../ui/form/TextField';

const weekDays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const periods: { value: AutoLockPeriod | ''; label: string }[] = [
  { value: '', label: 'No automatic lock' },
  { value: 'daily', label: 'Each day' },
  { value: 'weekly', label: 'Each week' },
  { value: 'monthly', label: 'Each month' },
];

/** Every time zone this browser knows, the workspace's own first if it is not among them. */
function timeZones(current: string): string[] {
  // Under current names: this browser may list Asia/Kolkata as Asia/Calcutta.
  const known = currentZoneNames(Intl.supportedValuesOf('timeZone'));
  const all = known.includes('UTC') ? known : ['UTC', ...known];
  const shown = currentZoneName(current);
  return all.includes(shown) ? all : [shown, ...all];
}

/** What is locked now, in words, under `settings`. */
function lockSummary(settings: WorkspaceSettings): string {
  const upTo = lockedUpTo(settings, new Date());
  return upTo
    ? `Now locked: logs up to ${formatDay(upTo)}. Managers and Normal members cannot add, change or remove them; Admins can, and their changes are recorded in the audit log.`
    : 'No logs are locked now.';
}

/**
 * Account setting's Workspace section: the name, the calendar (time zone, week start), locked
 * periods, whether Managers see amounts and whether logs need a project and task. Admins change it; everyone else reads it.
 */
export function WorkspaceSettingsForm() {
  const can = useStore($abilities);
  const [settings, setSettings] = useState<WorkspaceSettings | null>(null);
  const [problem, setProblem] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [grace, setGrace] = useState('0');

  useEffect(() => {
    void loadWorkspaceSettings().then((result) => {
      if (!result.ok) return setProblem(result.message);
      setSettings(result.settings);
      setGrace(String(result.settings.autoLock?.graceDays ?? 0));
    });
  }, []);
  const zones = useMemo(() => timeZones(settings?.timeZone ?? 'UTC'), [settings?.timeZone]);

  const change = (changes: Partial<WorkspaceSettings>) => {
    setSettings((s) => (s ? { ...s, ...changes } : s));
    setStatus('idle');
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!settings) return;
    const graceDays = Number(grace);
    const found: Record<string, string> = {};
    if (!settings.name.trim()) found['name'] = 'Name the workspace';
    if (settings.autoLock && !(Number.isInteger(graceDays) && graceDays >= 0))
      found['autoLock'] = 'Enter 0 or more whole days';
    else if (settings.autoLock && graceDays > MAX_GRACE_DAYS)
      found['autoLock'] = `At most ${MAX_GRACE_DAYS} days`;
    setErrors(found);
    setProblem('');
    if (Object.keys(found).length > 0) return;
    setStatus('saving');
    const result = await saveWorkspaceSettings({
      ...settings,
      name: settings.name.trim(),
      autoLock: settings.autoLock ? { ...settings.autoLock, graceDays } : null,
    });
    if (result.ok) {
      setSettings(result.settings);
      setStatus('saved');
    } else {
      setStatus('idle');
      setErrors(result.fields ?? {});
      setProblem(result.message);
    }
  }

  const readOnly = !can.isAdmin;
  return (
    <section
      aria-labelledby="workspace-heading"
      className="mb-8 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="workspace-heading" className="mb-2 text-xl font-bold">
        Workspace
      </h2>
      {readOnly ? (
        <p className="mb-3 text-slate-700">Only Admins can change these settings.</p>
      ) : null}
      {problem ? (
        <p role="alert" className="mb-3 text-red-800">
          {problem}
        </p>
      ) : null}
      {!settings ? (
        problem ? null : (
          <p role="status">Loading the workspace settings…</p>
        )
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Workspace settings">
          <fieldset disabled={readOnly || status === 'saving'}>
            <TextField
              label="Workspace name"
              error={errors['name']}
              value={settings.name}
              onChange={(name) => change({ name })}
            />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Field
                label="Time zone"
                hint="Decides when a day ends for locks and weeks"
                error={errors['timeZone']}
              >
                {(control) => (
                  <select
                    {...control}
                    className="field-input"
                    value={currentZoneName(settings.timeZone)}
                    onChange={(e) => change({ timeZone: e.target.value })}
                  >
                    {zones.map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Weeks start on" error={errors['weekStart']}>
                {(control) => (
                  <select
                    {...control}
                    className="field-input"
                    value={settings.weekStart}
                    onChange={(e) => change({ weekStart: Number(e.target.value) })}
                  >
                    {weekDays.map((day, index) => (
                      <option key={day} value={index}>
                        {day}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <Field
              label="Show durations as"
              hint="On every screen, for everyone in the workspace. Exports keep both."
              error={errors['durationFormat']}
            >
              {(control) => (
                <select
                  {...control}
                  className="field-input max-w-xs"
                  value={settings.durationFormat}
                  onChange={(e) => change({ durationFormat: durationFormatOf(e.target.value) })}
                >
                  {durationFormats.map((format) => (
                    <option key={format} value={format}>
                      {durationFormatLabels[format]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="mb-4 flex items-start gap-2">
              <input
                id="managers-see-amounts"
                type="checkbox"
                className="mt-1 h-4 w-4"
                checked={settings.managersSeeAmounts}
                onChange={(e) => change({ managersSeeAmounts: e.target.checked })}
              />
              <label htmlFor="managers-see-amounts">
                Managers see rates, costs and billable amounts of their projects
                <span className="block text-sm text-slate-700">
                  Admins always see them; Normal members never do.
                </span>
              </label>
            </div>
            <div className="mb-4 flex items-start gap-2">
              <input
                id="require-project-and-task"
                type="checkbox"
                className="mt-1 h-4 w-4"
                checked={settings.requireProjectAndTask}
                onChange={(e) => change({ requireProjectAndTask: e.target.checked })}
              />
              <label htmlFor="require-project-and-task">
                Require project and task
                <span className="block text-sm text-slate-700">
                  Every new log must name a project and a task. Off, a day and a duration are
                  enough; a description and tags are never required.
                </span>
              </label>
            </div>
            <h3 className="mb-2 font-bold">Locked periods</h3>
            <div className="grid gap-x-4 sm:grid-cols-3">
              <TextField
                label="Lock logs up to"
                hint="Leave empty for no fixed date"
                type="date"
                error={errors['lockedUpTo']}
                value={settings.lockedUpTo ?? ''}
                onChange={(day) => change({ lockedUpTo: day || null })}
              />
              <Field label="Lock automatically" error={errors['autoLock']}>
                {(control) => (
                  <select
                    {...control}
                    className="field-input"
                    value={settings.autoLock?.period ?? ''}
                    onChange={(e) => {
                      const period = e.target.value as AutoLockPeriod | '';
                      change({
                        autoLock: period ? { period, graceDays: Number(grace) || 0 } : null,
                      });
                    }}
                  >
                    {periods.map((p) => (
                      <option key={p.value} value={p.value}>
                        {p.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <TextField
                label="Days of grace"
                hint="Days after a period ends before it locks"
                inputMode="numeric"
                disabled={!settings.autoLock}
                value={grace}
                onChange={(value) => {
                  setGrace(value);
                  setStatus('idle');
                }}
              />
            </div>
            <p className="mb-3 text-slate-700">{lockSummary(settings)}</p>
          </fieldset>
          {status === 'saved' ? (
            <p role="status" className="mb-3 text-green-800">
              Workspace settings saved.
            </p>
          ) : null}
          {readOnly ? null : (
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className="btn-primary" disabled={status === 'saving'}>
                {status === 'saving' ? 'Saving…' : 'Save workspace settings'}
              </button>
              <a href="/audit" className="text-brand-700 underline">
                Read the audit log
              </a>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
