import { describeKind } from '../kind';

/** The lenient read schema of the cached list (repairs what older versions stored). */
const readSchema = () => import('../../entities/client').then((m) => m.clientSchema);

/** A client of the workspace: who is billed (SPEC.md `clients`). */
export const clientKind = describeKind({
  name: 'client',
  label: 'client',
  list: 'clients',
  storageKey: 'clients',
  readSchema,
  storedFields: [
    'name',
    'contactPerson',
    'email',
    'phone',
    'address',
    'country',
    'taxName',
    'taxPercentage',
    'taxNumber',
    'vatNumber',
    'city',
    'postCode',
    'eInvoiceProfile',
    'electronicAddress',
    'electronicAddressScheme',
    'buyerReference',
    'status',
  ],
  publicNames: {},
  mutations: { create: 'createClient', update: 'updateClient', remove: 'deleteClient' },
  commands: { create: 'createClient', edit: 'editClient', remove: 'deleteClient' },
  defaults: {
    contactPerson: '',
    email: '',
    phone: '',
    address: '',
    taxName: '',
    taxPercentage: null,
    taxNumber: '',
    status: 'Active',
  },
  references: {},
});
