import { useEffect, useState, type FormEvent } from 'react';
import { browserTimeZone } from '../../lib/time-zones';
import {
  createdWorkspaceResponse,
  workspacesResponse,
  type ListedWorkspace as Listed,
} from '../../lib/contracts/workspace';
import { callApi } from '../../stores/api';
import type { WorkspaceChoice } from '../../stores/app-sync';

async function open(target: WorkspaceChoice): Promise<string> {
  const { switchWorkspace } = await import('../../stores/app-sync');
  const result = await switchWorkspace(target);
  return result.ok ? '' : result.message;
}

/** The person's workspaces to switch between, and a form to make a new one. */
export function WorkspacePanel({ current }: { current: string }) {
  const [workspaces, setWorkspaces] = useState<Listed[] | null>(null);
  const [problem, setProblem] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void callApi('/sync/workspaces', workspacesResponse).then((result) => {
      if (result.ok) setWorkspaces(result.data.workspaces);
      else setProblem(result.message);
    });
  }, []);

  const choose = async (target: WorkspaceChoice) => {
    setBusy(true);
    setProblem(await open(target));
    setBusy(false);
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setNameError('');
    setProblem('');
    if (!name.trim()) {
      setNameError('Name the workspace');
      return;
    }
    setBusy(true);
    const timeZone = browserTimeZone();
    const result = await callApi('/sync/workspaces', createdWorkspaceResponse, {
      body: { name: name.trim(), ...(timeZone ? { timeZone } : {}) },
    });
    if (!result.ok) {
      setBusy(false);
      if (result.fields?.['name']) setNameError(result.fields['name']);
      else setProblem(result.message);
      return;
    }
    await choose(result.data.workspace);
  };

  return (
    <div aria-busy={busy}>
      {workspaces === null && !problem ? <p role="status">Loading your workspaces…</p> : null}
      {workspaces ? (
        <ul aria-label="Your workspaces" className="mb-2 space-y-1">
          {workspaces.map((w) => (
            <li key={w.id}>
              <button
                type="button"
                disabled={busy}
                aria-current={w.id === current ? 'true' : undefined}
                onClick={() => void choose(w)}
                className={`w-full rounded px-2 py-1 text-left hover:bg-brand-700 ${w.id === current ? 'font-semibold' : ''}`}
              >
                {w.name}
                <span className="text-slate-300">
                  {' '}
                  · {w.role}
                  {w.id === current ? ' · open' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p role="alert" className="mb-2 rounded bg-white p-2 text-red-800">
          {problem}
        </p>
      ) : null}
      <form onSubmit={(e) => void create(e)} noValidate>
        <label htmlFor="new-workspace" className="block font-semibold">
          New workspace name
        </label>
        <input
          id="new-workspace"
          className="mt-1 w-full rounded px-2 py-1 text-slate-900"
          value={name}
          maxLength={100}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'new-workspace-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {nameError ? (
          <p id="new-workspace-error" className="mt-1 rounded bg-white px-2 text-red-800">
            {nameError}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="mt-2 w-full rounded border border-white/40 px-2 py-1 hover:bg-brand-700"
        >
          Create workspace
        </button>
      </form>
    </div>
  );
}
