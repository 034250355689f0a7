import type { Client, ClientFormInput } from '../lib/entities/client';
import { newId } from '../lib/entities/fast-fields';
import { $clients, clientList } from './clients-list';
import { recordActions } from './record-actions';
import type { WriteResult } from './unsaved-writes';

const actions = recordActions(clientList, 'client');

export { $clients };
export type { Client };

function fromForm(form: ClientFormInput) {
  return {
    name: form.name,
    contactPerson: form.contactPerson,
    email: form.email,
    phone: form.phone,
    address: form.address,
    country: form.country,
    taxName: form.taxName,
    taxPercentage: form.taxPercentage === '' ? null : Number(form.taxPercentage),
    taxNumber: form.taxNumber,
    vatNumber: form.vatNumber ?? '',
    city: form.city ?? '',
    postCode: form.postCode ?? '',
    eInvoiceProfile: form.eInvoiceProfile ?? 'en16931',
    electronicAddress: (form.electronicAddress ?? '').trim(),
    electronicAddressScheme: form.electronicAddressScheme ?? '',
    buyerReference: form.buyerReference ?? '',
  };
}

/** True when an active client other than `exceptId` already has this name (any case). */
export function isClientNameTaken(name: string, exceptId?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return $clients
    .get()
    .some(
      (c) => c.id !== exceptId && c.status === 'Active' && c.name.trim().toLowerCase() === wanted,
    );
}

/** Saves a new, active client from the validated form; returns it and whether it was stored. */
export function addClient(
  form: ClientFormInput,
  now = new Date(),
): WriteResult & { client: Client } {
  const stamp = now.toISOString();
  const client: Client = {
    id: newId(),
    ...fromForm(form),
    status: 'Active',
    createdAt: stamp,
    updatedAt: stamp,
  };
  return { ...actions.add(client), client };
}

/** Updates a client from the validated form. */
export function updateClient(id: string, form: ClientFormInput, now = new Date()): WriteResult {
  return actions.patch(id, { ...fromForm(form), updatedAt: now.toISOString() });
}

/** Archives a client (hidden from the default Active view, kept with its projects). */
export function archiveClient(id: string, now = new Date()): WriteResult {
  return actions.patch(id, { status: 'Archived', updatedAt: now.toISOString() });
}

/** Restores an archived client to Active. */
export function restoreClient(id: string, now = new Date()): WriteResult {
  return actions.patch(id, { status: 'Active', updatedAt: now.toISOString() });
}

/** Deletes a client; the result carries an undo function. */
export const deleteClient = actions.remove;
/** Finds a client by id. */
export const clientById = actions.byId;
