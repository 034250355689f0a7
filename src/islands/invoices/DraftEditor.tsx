import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { profileOf } from '../../lib/e-invoice-profile';
import { $clients } from '../../stores/clients';
import {
  hoursRoundingLabels,
  hoursRoundings,
  lineGroupingLabels,
  lineGroupings,
} from '../../lib/invoice-lines';
import { formatMoney, fromMinor, toMinor } from '../../lib/money';
import { editableNumber, readLocaleNumber } from '../../lib/locale-number';
import { saveDraftLayout, type Invoice } from '../../stores/invoices';
import { Field } from '../../ui/form/Field';
import { TextField } from '../../ui/form/TextField';
import { draftForm, layoutOf, type DraftForm } from './draft-form';
import { DraftPeriod } from './DraftPeriod';

/**
 * The editable part of a draft: how its lines are grouped, each line's words, quantity and rate,
 * lines typed by hand, a discount, up to two taxes, the payment terms, the period it states and
 * the note. The server works the amounts out; a refused value is named beside its field.
 */
export function DraftEditor({
  invoice,
  onSaved,
  onDirty,
  missingReference = '',
}: {
  invoice: Invoice;
  onSaved: () => void;
  onDirty: (dirty: boolean) => void;
  /** Why issuing was refused for want of a buyer reference (issue 28), shown beside it. */
  missingReference?: string;
}) {
  const doc = invoice.document;
  const client = useStore($clients).find((c) => c.id === invoice.clientId);
  const profile = profileOf(client?.eInvoiceProfile);
  const [form, setForm] = useState<DraftForm>(() => draftForm(doc));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [problem, setProblem] = useState('');
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    setForm(draftForm(doc));
    setDirty(false);
  }, [doc]);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const money = (minor: number) => formatMoney(minor, doc.currency || 'INR');

  const change = (next: DraftForm) => {
    setForm(next);
    setDirty(true);
    setStatus('idle');
  };
  async function save({ layout, errors: found }: ReturnType<typeof layoutOf>) {
    if (Object.keys(found).length > 0) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [`layout.${k}`, v])));
      setProblem('Some values need a look before the draft can be saved.');
      return;
    }
    setStatus('saving');
    const result = await saveDraftLayout(invoice.id, layout);
    if (!result.ok) {
      setStatus('idle');
      setErrors(result.fields);
      setProblem(result.message);
      return;
    }
    setErrors({});
    setProblem('');
    setStatus('saved');
    onSaved();
  }
  function submit(event: SubmitEvent) {
    event.preventDefault();
    void save(layoutOf(form));
  }
  const editOf = (key: string) => form.edits[key] ?? {};
  const setEdit = (key: string, field: 'description' | 'quantity' | 'rate', value: string) =>
    change({ ...form, edits: { ...form.edits, [key]: { ...editOf(key), [field]: value } } });
  const error = (path: string) => errors[`layout.${path}`];

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Draft invoice"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4 print:hidden"
    >
      {problem ? (
        <p role="alert" className="mb-3 text-red-800">
          {problem}
        </p>
      ) : null}
      {/* min-w-0: a fieldset is as wide as its content by default, and the lines scroll in their own box. */}
      <fieldset disabled={status === 'saving'} className="min-w-0">
        <Field label="Lines" error={error('grouping')} hint="Changing it saves the draft.">
          {(control) => (
            <select
              {...control}
              className="field-input max-w-xs"
              value={form.grouping}
              onChange={(e) => {
                const grouping = lineGroupings.find((g) => g === e.target.value) ?? 'project';
                // Lines are made by the server from the logs: save at once to see them.
                void save(layoutOf({ ...form, grouping }));
              }}
            >
              {lineGroupings.map((g) => (
                <option key={g} value={g}>
                  {lineGroupingLabels[g]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Round hours to"
          error={error('hoursRounding')}
          hint="Amounts and totals stay those of the logs. Changing it saves the draft."
        >
          {(control) => (
            <select
              {...control}
              className="field-input max-w-xs"
              value={form.hoursRounding}
              onChange={(e) => {
                const hoursRounding =
                  hoursRoundings.find((r) => r === e.target.value) ?? form.hoursRounding;
                void save(layoutOf({ ...form, hoursRounding }));
              }}
            >
              {hoursRoundings.map((r) => (
                <option key={r} value={r}>
                  {hoursRoundingLabels[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {/* On a phone (375 px) five columns left the Rate field two digits wide: the lines keep
            room to type and scroll sideways in their own box, not the page (issue 47). Relative: the
            columns' screen-reader-only text is positioned, and would otherwise widen the page. */}
        <div className="relative mb-2 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left">
            <caption className="sr-only">Lines to edit</caption>
            <thead className="text-sm">
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="w-28">
                  Quantity
                </th>
                <th scope="col" className="w-36">
                  Rate
                </th>
                <th scope="col" className="w-36 text-right">
                  Amount
                </th>
                <th scope="col" className="w-24">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {doc.lines
                .filter((line) => line.kind !== 'manual')
                .map((line) => {
                  const edit = editOf(line.key);
                  const at = `edits.${line.key}`;
                  return (
                    <tr key={line.key} className="border-t border-slate-100 align-top">
                      <td className="pr-2">
                        <LineInput
                          label={`Description of ${line.description}`}
                          value={edit.description ?? line.description}
                          error={error(`${at}.description`)}
                          onChange={(v) => setEdit(line.key, 'description', v)}
                        />
                      </td>
                      <td className="pr-2">
                        <LineInput
                          label={`Quantity of ${line.description}`}
                          inputMode="decimal"
                          value={edit.quantity ?? editableNumber(line.quantity)}
                          error={error(`${at}.quantity`)}
                          onChange={(v) => setEdit(line.key, 'quantity', v)}
                        />
                      </td>
                      <td className="pr-2">
                        <LineInput
                          label={`Rate of ${line.description}`}
                          inputMode="decimal"
                          value={edit.rate ?? editableNumber(fromMinor(line.unitMinor))}
                          error={error(`${at}.unitMinor`)}
                          onChange={(v) => setEdit(line.key, 'rate', v)}
                        />
                      </td>
                      <td className="py-2 text-right tabular-nums">{money(line.amountMinor)}</td>
                      <td className="pl-2">
                        {form.edits[line.key] ? (
                          <button
                            type="button"
                            className="py-2 text-brand-700 underline"
                            aria-label={`Back to the logs’ amount for ${line.description}`}
                            onClick={() => {
                              const { [line.key]: _dropped, ...rest } = form.edits;
                              change({ ...form, edits: rest });
                            }}
                          >
                            As logged
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              {form.manual.map((line, i) => (
                <tr key={line.id} className="border-t border-slate-100 align-top">
                  <td className="pr-2">
                    <LineInput
                      label={`Description of line ${i + 1} by hand`}
                      value={line.description}
                      error={error(`manual.${i}.description`)}
                      onChange={(description) =>
                        change({
                          ...form,
                          manual: form.manual.map((m) =>
                            m.id === line.id ? { ...m, description } : m,
                          ),
                        })
                      }
                    />
                  </td>
                  <td className="pr-2">
                    <LineInput
                      label={`Quantity of line ${i + 1} by hand`}
                      inputMode="decimal"
                      value={line.quantity}
                      error={error(`manual.${i}.quantity`)}
                      onChange={(quantity) =>
                        change({
                          ...form,
                          manual: form.manual.map((m) =>
                            m.id === line.id ? { ...m, quantity } : m,
                          ),
                        })
                      }
                    />
                  </td>
                  <td className="pr-2">
                    <LineInput
                      label={`Rate of line ${i + 1} by hand`}
                      inputMode="decimal"
                      value={line.rate}
                      error={error(`manual.${i}.unitMinor`)}
                      onChange={(rate) =>
                        change({
                          ...form,
                          manual: form.manual.map((m) => (m.id === line.id ? { ...m, rate } : m)),
                        })
                      }
                    />
                  </td>
                  <td className="py-2 text-right tabular-nums">
                    {manualAmount(line.quantity, line.rate, money)}
                  </td>
                  <td className="pl-2">
                    <button
                      type="button"
                      className="py-2 text-brand-700 underline"
                      aria-label={`Remove line ${i + 1} by hand`}
                      onClick={() =>
                        change({ ...form, manual: form.manual.filter((m) => m.id !== line.id) })
                      }
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <button
          type="button"
          className="btn-secondary mb-4"
          onClick={() =>
            change({
              ...form,
              manual: [
                ...form.manual,
                { id: crypto.randomUUID(), description: '', quantity: '1', rate: '' },
              ],
            })
          }
        >
          Add a line
        </button>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <TextField
            label="Discount (%)"
            hint="Taken off before tax"
            inputMode="decimal"
            value={form.discountPercent}
            error={error('discountPercent')}
            onChange={(discountPercent) => change({ ...form, discountPercent })}
          />
          <TextField
            label="Payment terms (days)"
            inputMode="numeric"
            value={form.paymentTermsDays}
            error={error('paymentTermsDays')}
            onChange={(paymentTermsDays) => change({ ...form, paymentTermsDays })}
          />
        </div>
        {form.taxes.map((tax, i) => (
          <div key={i} className="grid items-end gap-x-4 sm:grid-cols-3">
            <TextField
              label={i === 0 ? 'Tax name' : 'Second tax name'}
              value={tax.name}
              error={error(`taxes.${i}.name`)}
              onChange={(name) =>
                change({
                  ...form,
                  taxes: form.taxes.map((t, j) => (j === i ? { ...t, name } : t)),
                })
              }
            />
            <TextField
              label={i === 0 ? 'Tax (%)' : 'Second tax (%)'}
              inputMode="decimal"
              value={tax.percent}
              error={error(`taxes.${i}.percent`)}
              onChange={(percent) =>
                change({
                  ...form,
                  taxes: form.taxes.map((t, j) => (j === i ? { ...t, percent } : t)),
                })
              }
            />
            <div className="mb-4">
              <button
                type="button"
                className="py-2 text-brand-700 underline"
                onClick={() => change({ ...form, taxes: form.taxes.filter((_, j) => j !== i) })}
              >
                {i === 0 ? 'Remove tax' : 'Remove second tax'}
              </button>
            </div>
          </div>
        ))}
        {form.taxes.length === 2 ? (
          <p className="mb-4 text-slate-700">
            The PDF shows both taxes. An e-invoice (EN 16931) allows one VAT rate per line, so it
            writes them as one rate of their sum and names both in a note.
          </p>
        ) : null}
        {form.taxes.length < 2 ? (
          <button
            type="button"
            className="btn-secondary mb-4"
            onClick={() => change({ ...form, taxes: [...form.taxes, { name: '', percent: '' }] })}
          >
            {form.taxes.length === 0 ? 'Add a tax' : 'Add a second tax'}
          </button>
        ) : null}
        {profile !== 'en16931' || form.buyerReference || form.orderReference ? (
          <div id="buyer-reference" className="grid gap-x-4 sm:grid-cols-2">
            <TextField
              label="Buyer reference"
              hint={
                profile === 'xrechnung'
                  ? 'Required by XRechnung: a German public buyer’s Leitweg-ID.'
                  : 'The buyer’s reference for this invoice; Peppol needs it or an order number.'
              }
              autoComplete="off"
              value={form.buyerReference}
              error={error('buyerReference') ?? (missingReference || undefined)}
              onChange={(buyerReference) => change({ ...form, buyerReference })}
            />
            <TextField
              label="Order number"
              hint="The buyer’s purchase order number, when it gave one."
              autoComplete="off"
              value={form.orderReference}
              error={error('orderReference')}
              onChange={(orderReference) => change({ ...form, orderReference })}
            />
          </div>
        ) : null}
        <DraftPeriod
          doc={doc}
          start={form.periodStart}
          end={form.periodEnd}
          error={error}
          onChange={(period) => change({ ...form, ...period })}
        />
        <Field label="Note on the invoice" error={error('note')}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              className="field-input"
              value={form.note}
              onChange={(e) => change({ ...form, note: e.target.value })}
            />
          )}
        </Field>
        <button type="submit" className="btn-primary">
          {status === 'saving' ? 'Saving…' : 'Save draft'}
        </button>
        <span role="status" className="ml-3">
          {status === 'saved' && !dirty ? 'Draft saved.' : dirty ? 'Changes not saved yet.' : ''}
        </span>
      </fieldset>
    </form>
  );
}

function manualAmount(quantity: string, rate: string, money: (minor: number) => string) {
  const q = readLocaleNumber(quantity);
  const r = readLocaleNumber(rate);
  return q !== null && r !== null ? money(Math.round(q * toMinor(r))) : '';
}

function LineInput({
  label,
  value,
  error,
  inputMode,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  inputMode?: 'decimal' | 'numeric';
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="py-1">
      <input
        id={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field-input"
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
