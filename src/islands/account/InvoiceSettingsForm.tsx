import { useEffect, useState, type SubmitEvent } from 'react';
import { formatInvoiceNumber, numberingProblem, type CounterMode } from '../../lib/invoice-number';
import {
  loadInvoiceSettings,
  saveInvoiceSettings,
  type InvoiceSettings,
} from '../../stores/invoice-settings';
import { CountrySelect } from '../../ui/form/CountrySelect';
import { Field } from '../../ui/form/Field';
import { EInvoiceSettingsFields } from './EInvoiceSettingsFields';
import { InvoiceLogoField } from './InvoiceLogoField';
import { TextField } from '../../ui/form/TextField';
import { currencyDigits, currencyOptions } from '../../lib/money';

const counters: { value: CounterMode; label: string }[] = [
  { value: 'yearly', label: 'Starts again each year' },
  { value: 'continuous', label: 'Runs on for ever' },
  { value: 'per-client', label: 'One per client' },
];

/** Every ISO 4217 currency the browser writes (issue 47), plus a stored one it does not know. */
function currencyChoices(current: string) {
  const options = currencyOptions();
  return options.some((o) => o.code === current)
    ? options
    : [{ code: current, name: current }, ...options];
}

/** How many decimals amounts in `currency` are written with, e.g. 'Amounts in whole units'. */
function minorUnitsHint(currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0
    ? 'Amounts are in whole units, with no decimals'
    : `Amounts are written with ${digits} decimals`;
}

/**
 * Account setting's Invoices section (Admins): the company details invoices carry, the currency,
 * how numbers are made and the payment terms. Issued invoices keep what they were issued with.
 */
export function InvoiceSettingsForm() {
  const [settings, setSettings] = useState<InvoiceSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [terms, setTerms] = useState('8');

  useEffect(() => {
    void loadInvoiceSettings().then((result) => {
      if (!result.ok) return setProblem(result.message);
      setSettings(result.settings);
      setTerms(String(result.settings.paymentTermsDays));
    });
  }, []);

  const change = (changes: Partial<InvoiceSettings>) => {
    setSettings((s) => (s ? { ...s, ...changes } : s));
    setStatus('idle');
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!settings) return;
    const days = Number(terms);
    const found: Record<string, string> = {};
    const pattern = numberingProblem(settings.numberPattern, settings.counter);
    if (pattern) found['numberPattern'] = pattern;
    if (!(terms.trim() !== '' && Number.isInteger(days) && days >= 0 && days <= 365))
      found['paymentTermsDays'] = 'Enter 0 to 365 whole days';
    setErrors(found);
    setProblem('');
    if (Object.keys(found).length > 0) return;
    setStatus('saving');
    const result = await saveInvoiceSettings({ ...settings, paymentTermsDays: days });
    if (result.ok) {
      setSettings(result.settings);
      setStatus('saved');
    } else {
      setStatus('idle');
      setErrors(result.fields ?? {});
      setProblem(result.message);
    }
  }

  const example =
    settings && !numberingProblem(settings.numberPattern, settings.counter)
      ? formatInvoiceNumber(
          settings.numberPattern,
          1,
          new Date().toISOString().slice(0, 10),
          'ACME',
        )
      : '';
  return (
    <section
      aria-labelledby="invoice-settings-heading"
      className="mb-8 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="invoice-settings-heading" className="mb-2 text-xl font-bold">
        Invoices
      </h2>
      {problem ? (
        <p role="alert" className="mb-3 text-red-800">
          {problem}
        </p>
      ) : null}
      {!settings ? (
        problem ? null : (
          <p role="status">Loading the invoice settings…</p>
        )
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Invoice settings">
          <fieldset disabled={status === 'saving'}>
            <TextField
              label="Company name"
              hint="Shown as the seller; the workspace name when empty"
              error={errors['companyName']}
              value={settings.companyName}
              onChange={(companyName) => change({ companyName })}
            />
            <InvoiceLogoField
              logoId={settings.logoId ?? ''}
              onChange={(logoId) => setSettings((s) => (s ? { ...s, logoId } : s))}
            />
            <Field label="Address" error={errors['address']}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  className="field-input"
                  value={settings.address}
                  onChange={(e) => change({ address: e.target.value })}
                />
              )}
            </Field>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <TextField
                label="VAT number"
                hint="With its country code (DE123456789): your VAT ID on e-invoices."
                error={errors['vatNumber']}
                value={settings.vatNumber}
                onChange={(vatNumber) => change({ vatNumber })}
              />
              <TextField
                label="Tax number"
                hint="Any other tax number (GSTIN): your tax registration ID on e-invoices."
                error={errors['taxNumber']}
                value={settings.taxNumber}
                onChange={(taxNumber) => change({ taxNumber })}
              />
              <CountrySelect
                label="Country"
                hint="Needed on e-invoices"
                value={settings.country}
                error={errors['country']}
                onChange={(country) => change({ country })}
              />
              <Field
                label="Currency"
                hint={minorUnitsHint(settings.currency)}
                error={errors['currency']}
              >
                {(control) => (
                  <select
                    {...control}
                    className="field-input"
                    value={settings.currency}
                    onChange={(e) => change({ currency: e.target.value })}
                  >
                    {currencyChoices(settings.currency).map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <TextField
                label="Number pattern"
                hint={`{YYYY}, {YY}, {MM}, {CLIENT} and a counter {SEQ:4}${example ? `. First number: ${example}` : ''}`}
                error={errors['numberPattern']}
                value={settings.numberPattern}
                onChange={(numberPattern) => change({ numberPattern })}
              />
              <Field label="Counter" error={errors['counter']}>
                {(control) => (
                  <select
                    {...control}
                    className="field-input"
                    value={settings.counter}
                    onChange={(e) =>
                      change({
                        counter:
                          counters.find((c) => c.value === e.target.value)?.value ?? 'yearly',
                      })
                    }
                  >
                    {counters.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <TextField
                label="Payment terms (days)"
                inputMode="numeric"
                error={errors['paymentTermsDays']}
                value={terms}
                onChange={(value) => {
                  setTerms(value);
                  setStatus('idle');
                }}
              />
            </div>
            <EInvoiceSettingsFields settings={settings} errors={errors} onChange={change} />
            <Field label="Note on every invoice" error={errors['note']}>
              {(control) => (
                <textarea
                  {...control}
                  rows={2}
                  className="field-input"
                  value={settings.note}
                  onChange={(e) => change({ note: e.target.value })}
                />
              )}
            </Field>
            <button type="submit" className="btn-primary">
              {status === 'saving' ? 'Saving…' : 'Save invoice settings'}
            </button>
            <span role="status" className="ml-3">
              {status === 'saved' ? 'Invoice settings saved.' : ''}
            </span>
          </fieldset>
        </form>
      )}
    </section>
  );
}
