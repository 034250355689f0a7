import type { InvoiceSettings } from '../../stores/invoice-settings';
import { AddressSchemeSelect } from '../../ui/form/AddressSchemeSelect';
import { Field } from '../../ui/form/Field';
import { TextField } from '../../ui/form/TextField';

type ProfileKey =
  | 'city'
  | 'postCode'
  | 'electronicAddress'
  | 'contactName'
  | 'contactPhone'
  | 'contactEmail'
  | 'iban'
  | 'bic';

const fields: { key: ProfileKey; label: string; hint?: string; autoComplete?: string }[] = [
  { key: 'postCode', label: 'Post code', autoComplete: 'postal-code' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'contactName', label: 'Contact name', autoComplete: 'name' },
  { key: 'contactPhone', label: 'Contact phone', autoComplete: 'tel' },
  { key: 'contactEmail', label: 'Contact email', autoComplete: 'email' },
  {
    key: 'iban',
    label: 'IBAN or account number',
    hint: 'Where clients pay you; an IBAN in euros is written as a SEPA transfer.',
  },
  { key: 'bic', label: 'BIC or bank code' },
];

/**
 * The invoice settings that Peppol and XRechnung e-invoices need (issue 28): the rest of the
 * address, the electronic address with its scheme, a contact and how to pay. Plain EN 16931
 * invoices use them when they are there.
 */
export function EInvoiceSettingsFields({
  settings,
  errors,
  onChange,
}: {
  settings: InvoiceSettings;
  errors: Record<string, string>;
  onChange: (changes: Partial<InvoiceSettings>) => void;
}) {
  const input = (f: (typeof fields)[number]) => (
    <TextField
      key={f.key}
      label={f.label}
      hint={f.hint}
      autoComplete={f.autoComplete ?? 'off'}
      error={errors[f.key]}
      value={settings[f.key]}
      onChange={(value) => onChange({ [f.key]: value })}
    />
  );
  return (
    <fieldset className="mb-4 rounded border border-slate-200 p-3">
      <legend className="px-1 font-semibold">For Peppol and XRechnung e-invoices</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {fields.slice(0, 2).map(input)}
        <TextField
          label="Electronic address"
          hint="Your Peppol ID without its scheme, like 0203201340; XRechnung also takes an email."
          autoComplete="off"
          error={errors['electronicAddress']}
          value={settings.electronicAddress}
          onChange={(electronicAddress) => onChange({ electronicAddress })}
        />
        <AddressSchemeSelect
          label="Address scheme"
          hint="What kind of number the address is (its EAS code)."
          value={settings.electronicAddressScheme}
          error={errors['electronicAddressScheme']}
          onChange={(electronicAddressScheme) => onChange({ electronicAddressScheme })}
        />
        {fields.slice(2).map(input)}
      </div>
      <Field
        label="Other payment instructions"
        hint="Another way to pay, in words (UPI, a card link), when you give no account."
        error={errors['paymentInstructions']}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className="field-input"
            value={settings.paymentInstructions}
            onChange={(e) => onChange({ paymentInstructions: e.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}
