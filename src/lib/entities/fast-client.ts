import { fastId, fastText, fastTimestamp, statuses } from './fast-fields';
import { fastObject, oneOf, string, UNSURE } from './fast-path';

// The fast decoder of a stored client (client.ts holds its schema), without zod.

/** `clientSchema`'s fast path: its fields in the order of its shape. */
export const fastClient = fastObject({
  id: fastId,
  name: string,
  contactPerson: fastText,
  email: fastText,
  phone: fastText,
  address: fastText,
  country: fastText,
  taxName: fastText,
  taxPercentage: (v) =>
    typeof v === 'number' && v >= 0 && v <= 100 ? v : v == null || v === '' ? null : UNSURE,
  taxNumber: fastText,
  vatNumber: fastText,
  city: fastText,
  postCode: fastText,
  eInvoiceProfile: fastText,
  electronicAddress: fastText,
  electronicAddressScheme: fastText,
  buyerReference: fastText,
  status: oneOf(statuses, 'Active'),
  createdAt: fastTimestamp,
  updatedAt: fastTimestamp,
});
