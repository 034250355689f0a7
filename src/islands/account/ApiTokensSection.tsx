import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  loadApiTokens,
  makeApiToken,
  revokeApiToken,
  type ApiToken,
} from '../../stores/api-tokens';
import { TextField } from '../../ui/form/TextField';

// Account setting → API access tokens (issue 50): make a token for scripts, see its secret once
// and copy it, list the tokens that work (created, last used, expires) and revoke them.

const when = (iso: string | null, none: string) =>
  iso
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      )
    : none;

/** Today in this browser, as the date input writes it. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The new token, shown once with a copy button. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div role="status" className="mb-4 rounded-lg border border-green-700 bg-green-50 p-3">
      <p className="mb-2 font-semibold">
        Copy your new token now. You will not be able to see it again.
      </p>
      <label htmlFor="new-api-token" className="mb-1 block font-semibold">
        New token
      </label>
      <input
        id="new-api-token"
        readOnly
        value={token}
        className="field-input mb-2 font-mono"
        onFocus={(event) => event.target.select()}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            navigator.clipboard.writeText(token).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            );
          }}
        >
          Copy token
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Done
        </button>
      </div>
      {copied === 'copied' ? <p className="mt-2">Copied to the clipboard.</p> : null}
      {copied === 'failed' ? (
        <p className="field-error mt-2">
          This browser did not let Hourmark copy. Select the token and copy it yourself.
        </p>
      ) : null}
    </div>
  );
}

/** One token's row, with a revoke that asks once before it acts. */
function TokenRow({ token, onRevoked }: { token: ApiToken; onRevoked: () => void }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const confirm = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Keyboard focus follows the question: to its answer, and back when it is kept.
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (asked.current) ask.current?.focus();
    asked.current = asking;
  }, [asking]);
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="py-2 pr-3 text-left font-semibold break-words">
        {token.name}
      </th>
      <td className="py-2 pr-3">{token.scope === 'write' ? 'Read and write' : 'Read only'}</td>
      <td className="py-2 pr-3">{when(token.createdAt, '')}</td>
      <td className="py-2 pr-3">{when(token.lastUsedAt, 'Never')}</td>
      <td className="py-2 pr-3">{when(token.expiresAt, 'Never')}</td>
      <td className="py-2">
        {asking ? (
          <div className="flex flex-wrap gap-2">
            <button
              ref={confirm}
              type="button"
              className="btn-primary bg-red-700 hover:bg-red-800"
              onClick={() => {
                void revokeApiToken(token.id).then((r) => {
                  if (r.ok) onRevoked();
                  else setError(r.message);
                });
              }}
            >
              Revoke {token.name}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button
            ref={ask}
            type="button"
            className="btn-secondary"
            aria-label={`Revoke ${token.name}…`}
            onClick={() => setAsking(true)}
          >
            Revoke…
          </button>
        )}
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

export function ApiTokensSection() {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const [made, setMade] = useState<string | null>(null);

  const reload = async () => {
    const result = await loadApiTokens();
    if (result.ok) {
      setTokens(result.tokens);
      setLoadError('');
    } else setLoadError(result.message);
  };
  useEffect(() => {
    void reload();
  }, []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found['name'] = 'Name the token';
    else if (name.trim().length > 100) found['name'] = 'At most 100 characters';
    if (expiresOn && expiresOn <= today()) found['expiresAt'] = 'Choose a day after today';
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    // The token works to the end of the chosen day, in this browser's time zone.
    const expiresAt = expiresOn ? new Date(`${expiresOn}T23:59:59.999`).toISOString() : undefined;
    const result = await makeApiToken({ name: name.trim(), scope, expiresAt });
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields ?? {});
      setFailure(result.message);
      return;
    }
    setMade(result.token);
    setName('');
    setScope('read');
    setExpiresOn('');
    await reload();
  }

  return (
    <section
      aria-labelledby="api-tokens-heading"
      className="mb-8 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="api-tokens-heading" className="mb-2 text-xl font-bold">
        API access tokens
      </h2>
      <p className="mb-3">
        Scripts and other apps can use the Hourmark API with a personal access token. A token acts
        as you in this workspace, with your role: it sees only what you may see. Treat it like a
        password. <a href="/help/api-and-automation">How the API works</a>
      </p>
      {made ? <NewToken token={made} onDone={() => setMade(null)} /> : null}
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Make a token">
        <TextField
          label="Token name"
          hint="Say what will use it, such as “Invoice sync script”"
          error={errors['name']}
          value={name}
          maxLength={100}
          onChange={setName}
        />
        <fieldset className="mb-3">
          <legend className="mb-1 font-semibold">Access</legend>
          <label className="mr-4 inline-flex items-center gap-2">
            <input
              type="radio"
              name="api-token-scope"
              checked={scope === 'read'}
              onChange={() => setScope('read')}
            />
            Read only
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="api-token-scope"
              checked={scope === 'write'}
              onChange={() => setScope('write')}
            />
            Read and write
          </label>
        </fieldset>
        <TextField
          label="Expires on (optional)"
          hint="Leave empty for a token that works until you revoke it"
          type="date"
          error={errors['expiresAt']}
          value={expiresOn}
          onChange={setExpiresOn}
        />
        {failure ? (
          <p role="alert" className="mb-3 text-red-800">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Making…' : 'Make token'}
        </button>
      </form>
      <h3 className="mt-5 mb-2 text-lg font-bold">Tokens that work</h3>
      {loadError ? (
        <p role="alert" className="field-error">
          {loadError}
        </p>
      ) : tokens === null ? (
        <p role="status">Loading your tokens…</p>
      ) : tokens.length === 0 ? (
        <p>You have no tokens for this workspace.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Your API access tokens for this workspace</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="pr-3">
                  Name
                </th>
                <th scope="col" className="pr-3">
                  Access
                </th>
                <th scope="col" className="pr-3">
                  Created
                </th>
                <th scope="col" className="pr-3">
                  Last used
                </th>
                <th scope="col" className="pr-3">
                  Expires
                </th>
                <th scope="col">
                  <span className="sr-only">Revoke</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <TokenRow key={token.id} token={token} onRevoked={() => void reload()} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
