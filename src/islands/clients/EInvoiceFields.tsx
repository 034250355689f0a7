import {
  eInvoiceProfileLabels,
  eInvoiceProfiles,
  type EInvoiceProfile,
} from '../../lib/e-invoice-profile';
import type { ClientForm } from '../../lib/entities/client';
import { AddressSchemeSelect } from '../../ui/form/AddressSchemeSelect';
import { Field } from '../../ui/form/Field';
import { TextField } from '../../ui/form/TextField';

const hints: Record<EInvoiceProfile, string> = {
  en16931: 'The European standard e-invoice, for the client’s accounting software.',
  peppol:
    'Peppol BIS Billing 3.0, delivered through a Peppol access point: required for business invoices in Belgium from 2026, used in Norway, Denmark, the Netherlands, Singapore, Australia and New Zealand.',
  xrechnung: 'XRechnung 3.0, uploaded to a German public buyer’s portal (or sent through Peppol).',
};

/**
 * The client form's e-invoice part (issue 28): which profile its e-invoices follow and, only when
 * the profile needs them, its electronic address with its scheme and its buyer reference.
 */
export function EInvoiceFields({
  form,
  errors,
  onChange,
}: {
  form: ClientForm;
  errors: Partial<Record<keyof ClientForm, string>>;
  onChange: (changes: Partial<ClientForm>) => void;
}) {
  const profile = form.eInvoiceProfile;
  return (
    <fieldset className="mb-2 rounded border border-slate-200 p-3">
      <legend className="px-1 font-semibold">E-invoices</legend>
      <Field label="E-invoice profile" error={errors.eInvoiceProfile} hint={hints[profile]}>
        {(control) => (
          <select
            {...control}
            className="field-input"
            value={profile}
            onChange={(e) => onChange({ eInvoiceProfile: e.target.value as EInvoiceProfile })}
          >
            {eInvoiceProfiles.map((p) => (
              <option key={p} value={p}>
                {eInvoiceProfileLabels[p]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {profile === 'en16931' ? null : (
        <>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField
              label="Electronic address"
              hint={
                profile === 'peppol'
                  ? 'The client’s Peppol ID without its scheme, like 0203201340.'
                  : 'Where the buyer receives e-invoices, like its Leitweg-ID; its email is used when empty.'
              }
              autoComplete="off"
              value={form.electronicAddress}
              error={errors.electronicAddress}
              onChange={(electronicAddress) => onChange({ electronicAddress })}
            />
            <AddressSchemeSelect
              label="Address scheme"
              hint="What kind of number the address is (its EAS code)."
              value={form.electronicAddressScheme}
              error={errors.electronicAddressScheme}
              onChange={(electronicAddressScheme) => onChange({ electronicAddressScheme })}
            />
          </div>
          <TextField
            label="Buyer reference"
            hint={
              profile === 'xrechnung'
                ? 'A public buyer’s Leitweg-ID, like 991-12345-67: every new draft starts with it.'
                : 'The client’s reference for its invoices: every new draft starts with it.'
            }
            autoComplete="off"
            value={form.buyerReference}
            error={errors.buyerReference}
            onChange={(buyerReference) => onChange({ buyerReference })}
          />
        </>
      )}
    </fieldset>
  );
}
