import { fastAmount, fastId, fastText, fastTimestamp, statuses } from './fast-fields';
import { fastObject, flag, oneOf, optional, string, UNSURE } from './fast-path';

// The fast decoder of a stored team member (member.ts holds its schema), and the roles, without zod.

import { newMemberRole, roles, type Role } from '../policy/actor';

export { roles, type Role };
/** SPEC.md's radio values for the roles. */
export const roleValue: Record<Role, 1 | 2 | 3> = { Admin: 3, Manager: 2, Normal: 1 };

/** `memberSchema`'s fast path: its fields in the order of its shape. */
export const fastMember = fastObject({
  id: fastId,
  name: string,
  email: fastText,
  LoborRate: fastAmount,
  BillableRate: fastAmount,
  Role: oneOf(roles, newMemberRole),
  roleValue: optional((v) => (v === 1 || v === 2 || v === 3 ? v : UNSURE)),
  notes: fastText,
  status: oneOf(statuses, 'Active'),
  autoAddToProjects: flag,
  // Members with earlier rates are few: their history is read by zod.
  rateHistory: (v) => (v === undefined ? undefined : UNSURE),
  createdAt: fastTimestamp,
  updatedAt: fastTimestamp,
});
