import { describeKind } from '../kind';

/** The lenient read schema of the cached list (repairs what older versions stored). */
const readSchema = () => import('../../entities/member').then((m) => m.memberSchema);

/** A team member (SPEC.md `Team`; `LoborRate` keeps the original spelling). */
export const memberKind = describeKind({
  name: 'member',
  label: 'team member',
  list: 'members',
  storageKey: 'Team',
  readSchema,
  storedFields: [
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
  publicNames: { labourRate: 'LoborRate', billableRate: 'BillableRate', role: 'Role' },
  mutations: { create: 'createMember', update: 'updateMember', remove: 'deleteMember' },
  commands: { create: 'addMember', edit: 'editMember', remove: 'removeMember' },
  rateFields: ['LoborRate', 'BillableRate'],
  // No role: who a new member is, and so what they may do, is said each time.
  defaults: {
    LoborRate: 0,
    BillableRate: 0,
    notes: '',
    status: 'Active',
    autoAddToProjects: false,
  },
  references: {},
});
