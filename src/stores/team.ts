import { newId } from '../lib/entities/fast-fields';
import { roleValue } from '../lib/entities/fast-member';
import type { Member, MemberForm } from '../lib/entities/member';
import { toDay } from '../lib/day';
import type { RateChangeScope } from '../lib/member-rates';
import { historyAfterChange } from '../lib/member-rate-history';
import { recordActions } from './record-actions';
import { writeRecords } from './record-commands';
import { $team, teamList as list } from './team-list';
import type { WriteResult } from './unsaved-writes';

const actions = recordActions(list, 'member');

export { $team };
export type { Member };

function fromForm(form: MemberForm) {
  return {
    name: form.name,
    email: form.email,
    notes: form.notes,
    Role: form.Role,
    roleValue: roleValue[form.Role],
    LoborRate: form.LoborRate === '' ? 0 : Number(form.LoborRate),
    BillableRate: form.BillableRate === '' ? 0 : Number(form.BillableRate),
    autoAddToProjects: form.autoAddToProjects,
  };
}

/** True when another member already uses this email (any case). */
export function isMemberEmailTaken(email: string, exceptId?: string): boolean {
  const wanted = email.trim().toLowerCase();
  return $team.get().some((m) => m.id !== exceptId && m.email.trim().toLowerCase() === wanted);
}

/** Adds an active team member from the validated form. */
export function addMember(form: MemberForm, now = new Date()): WriteResult & { member: Member } {
  const stamp = now.toISOString();
  const member: Member = {
    id: newId(),
    ...fromForm(form),
    status: 'Active',
    createdAt: stamp,
    updatedAt: stamp,
  };
  return {
    ...writeRecords(list, 'member', new Set([member.id]), (current) => [...current, member]),
    member,
  };
}

/** Whether the form changes the member's labour or billable rate. */
export function ratesChanged(member: Member, form: MemberForm): boolean {
  const next = fromForm(form);
  return next.LoborRate !== member.LoborRate || next.BillableRate !== member.BillableRate;
}

/**
 * Updates a member from the validated form. A rate change applies `from-today` (earlier days
 * keep the old rates, so past logs keep their amounts) or to `all-time` (every log not yet
 * invoiced is billed at the new rates).
 */
export function updateMember(
  id: string,
  form: MemberForm,
  scope: RateChangeScope = 'from-today',
  now = new Date(),
): WriteResult {
  const member = actions.byId(id);
  const changes: Partial<Member> = { ...fromForm(form), updatedAt: now.toISOString() };
  if (member && ratesChanged(member, form))
    changes.rateHistory = historyAfterChange(member, scope, toDay(now));
  return actions.patch(id, changes);
}

/** Archives (not charged) or restores a member. */
export function setMemberStatus(
  id: string,
  status: Member['status'],
  now = new Date(),
): WriteResult {
  return actions.patch(id, { status, updatedAt: now.toISOString() });
}

/** Saves the members in the given order of ids (SPEC.md: sorting by name is saved). */
export function saveMemberOrder(ids: readonly string[]): WriteResult {
  return list.update((current) => {
    const position = new Map(ids.map((id, index) => [id, index]));
    return [...current].sort(
      (a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity),
    );
  });
}

/** Deletes a member; the result carries an undo function. */
export const deleteMember = actions.remove;
/** Finds a member by id. */
export const memberById = actions.byId;
