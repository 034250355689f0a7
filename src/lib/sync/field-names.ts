/**
 * The kinds of records a workspace holds and the names of the fields the server stores for each,
 * as plain lists: the browser's sync engine needs the names but not the schemas of ./fields.ts
 * (which would add their code to what every screen loads). A unit test keeps the two equal.
 */
export const recordKinds = ['client', 'project', 'task', 'member', 'timeLog'] as const;
export type RecordKind = (typeof recordKinds)[number];

export const serverFieldNames = {
  client: [
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
  project: [
    'projectName',
    'clientId',
    'hours',
    'billamount',
    'description',
    'billable',
    'rounding',
    'timeInterval',
    'approval',
    'status',
    'memberIds',
  ],
  task: ['projectId', 'task', 'assigneeIds', 'billableRate'],
  member: [
    'name',
    'email',
    'LoborRate',
    'BillableRate',
    'Role',
    'notes',
    'status',
    'autoAddToProjects',
    'rateHistory',
  ],
  timeLog: [
    'date',
    'projectId',
    'taskId',
    'memberId',
    'tags',
    'desc',
    'dur',
    'st',
    'end',
    'exp',
    'status',
    'reviewNote',
    'billable',
  ],
} as const satisfies Record<RecordKind, readonly string[]>;
