import { useStore } from '@nanostores/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { clientFormSchema, type ClientForm } from '../../lib/entities/client';
import {
  $clients,
  addClient,
  isClientNameTaken,
  updateClient,
  type Client,
} from '../../stores/clients';
import type { WriteResult } from '../../stores/unsaved-writes';
import { $abilities } from '../../stores/access';
import { NotFound } from '../../ui/feedback/NotFound';
import { WriteFailedMessage } from '../../ui/feedback/WriteFailedMessage';
import { CountrySelect } from '../../ui/form/CountrySelect';
import { profileOf } from '../../lib/e-invoice-profile';
import { ClientCreditPanel } from './ClientCreditPanel';
import { EInvoiceFields } from './EInvoiceFields';
import { Field } from '../../ui/form/Field';
import { FormActions } from '../../ui/form/FormActions';
import { TextField } from '../../ui/form/TextField';
import { checkForm, focusFirstInvalid } from '../../ui/form/field-errors';
import { editableNumber } from '../../lib/locale-number';

const empty: ClientForm = {
  name: '',
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  country: '',
  taxName: '',
  taxPercentage: '',
  taxNumber: '',
  vatNumber: '',
  city: '',
  postCode: '',
  eInvoiceProfile: 'en16931',
  electronicAddress: '',
  electronicAddressScheme: '',
  buyerReference: '',
};

function formOf(client: Client): ClientForm {
  return {
    name: client.name,
    contactPerson: client.contactPerson,
    email: client.email,
    phone: client.phone,
    address: client.address,
    country: client.country,
    taxName: client.taxName,
    taxPercentage: client.taxPercentage === null ? '' : editableNumber(client.taxPercentage),
    taxNumber: client.taxNumber,
    vatNumber: client.vatNumber,
    city: client.city,
    postCode: client.postCode,
    eInvoiceProfile: profileOf(client.eInvoiceProfile),
    electronicAddress: client.electronicAddress,
    electronicAddressScheme: client.electronicAddressScheme,
    buyerReference: client.buyerReference,
  };
}

const textFields: {
  name: Exclude<
    keyof ClientForm,
    'address' | 'country' | 'eInvoiceProfile' | 'electronicAddressScheme'
  >;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'decimal' | 'tel';
  hint?: string;
}[] = [
  { name: 'name', label: 'Name', autoComplete: 'organization' },
  { name: 'contactPerson', label: 'Contact person', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];
const taxFields: typeof textFields = [
  { name: 'taxName', label: 'Tax name' },
  { name: 'taxPercentage', label: 'Tax percentage', inputMode: 'decimal' },
  {
    name: 'vatNumber',
    label: 'VAT number',
    hint: 'EU-style, with its country code (DE123456789): the client’s VAT ID on e-invoices.',
  },
  {
    name: 'taxNumber',
    label: 'Tax number',
    hint: 'Any other tax or company number (GSTIN): the client’s registration ID on e-invoices.',
  },
];

const placeFields: typeof textFields = [
  { name: 'postCode', label: 'Post code', autoComplete: 'postal-code' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
];

/** /clients/new and /clients/{id}: the client form, prefilled when editing. */
export function ClientFormScreen({ clientId }: { clientId?: string | undefined }) {
  const clients = useStore($clients);
  const existing = clientId ? clients.find((c) => c.id === clientId) : undefined;
  const [form, setForm] = useState<ClientForm>(() => (existing ? formOf(existing) : empty));
  const [errors, setErrors] = useState<Partial<Record<keyof ClientForm, string>>>({});
  // After a save the browser refused, the client exists in this tab's memory: saving again
  // updates it rather than adding a second one.
  const [keptId, setKeptId] = useState(clientId);
  const [writeFailed, setWriteFailed] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const can = useStore($abilities);

  if (!can.managesWorkspace) {
    return (
      <NotFound
        title="Only Admins can add or change clients"
        text="Your role in this workspace lets you see the clients of your projects. Ask an Admin to make the change."
        backHref="/clients"
        backLabel="Back to clients"
      />
    );
  }

  if (clientId && !existing) {
    return (
      <NotFound
        title="Client not found"
        text="No client has this address. It may have been deleted."
        backHref="/clients"
        backLabel="Back to clients"
      />
    );
  }

  function save(event: SubmitEvent) {
    event.preventDefault();
    const check = checkForm(clientFormSchema, form, {
      name: isClientNameTaken(form.name, keptId) && 'An active client already has this name',
    });
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    let result: WriteResult;
    if (keptId) result = updateClient(keptId, check.data);
    else {
      const added = addClient(check.data);
      setKeptId(added.client.id);
      result = added;
    }
    // Leaving now would lose the change: stay, with every value, and say why.
    if (!result.saved) {
      setWriteFailed(result.message);
      return;
    }
    window.location.assign('/clients');
  }

  const input = (field: (typeof textFields)[number]) => (
    <TextField
      key={field.name}
      label={field.label}
      error={errors[field.name]}
      type={field.type ?? 'text'}
      autoComplete={field.autoComplete ?? 'off'}
      inputMode={field.inputMode}
      hint={field.hint}
      value={form[field.name]}
      onChange={(value) => setForm({ ...form, [field.name]: value })}
    />
  );

  return (
    <section aria-labelledby="client-form-heading" className="max-w-3xl p-4 desk:p-6">
      <h1 id="client-form-heading" className="mb-6 text-3xl font-bold">
        {existing ? `Edit ${existing.name}` : 'New client'}
      </h1>
      {existing && can.isAdmin ? <ClientCreditPanel clientId={existing.id} /> : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={save}
        // SPEC.md shows the labels in capitals: CSS draws them so, while screen readers read
        // the words ("Contact person"), not a shouted or spelled-out "CONTACT PERSON" (issue 47).
        className="rounded-lg border border-slate-200 bg-white p-4 [&_.field-label]:uppercase"
        aria-labelledby="client-form-heading"
      >
        <div className="grid gap-x-4 sm:grid-cols-2">{textFields.map(input)}</div>
        <Field label="Address" error={errors.address}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              className="field-input"
              autoComplete="street-address"
              value={form.address}
              onChange={(event) => setForm({ ...form, address: event.target.value })}
            />
          )}
        </Field>
        <div className="grid gap-x-4 sm:grid-cols-2">{placeFields.map(input)}</div>
        <CountrySelect
          label="Country"
          hint="Needed on e-invoices."
          value={form.country}
          error={errors.country}
          onChange={(country) => setForm({ ...form, country })}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">{taxFields.map(input)}</div>
        <EInvoiceFields
          form={form}
          errors={errors}
          onChange={(changes) => setForm({ ...form, ...changes })}
        />
        {writeFailed ? <WriteFailedMessage message={writeFailed} /> : null}
        <FormActions submitLabel="Save" cancel={{ href: '/clients' }} />
      </form>
    </section>
  );
}
