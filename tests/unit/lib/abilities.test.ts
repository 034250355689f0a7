import { describe, expect, it } from 'vitest';
import { abilitiesOf, unknownAccess, type Access } from '../../../src/lib/abilities';
import { can } from '../../../src/lib/policy';

const rules = { ...unknownAccess.rules, lockedUpTo: '2026-11-10' };
const as = (role: Access['role'], seesAmounts = false) =>
  abilitiesOf({ role, memberId: 'me', seesAmounts, rules });
const now = new Date('2026-11-23T12:00:00Z');
const mine = { memberIds: ['me'], approval: false };
const theirs = { memberIds: ['other'], approval: false };
const log = (date: string, memberId = 'me', status = 'approved') => ({
  date,
  memberId,
  status,
  projectId: 'p',
});
const locked = 'Logs up to 10 Nov 2026 are locked: only an Admin can add, change or remove them.';

describe('what each role is offered', () => {
  it('an Admin manages everything and passes every lock', () => {
    const admin = as('Admin', true);
    expect(admin.managesWorkspace).toBe(true);
    expect(admin.managesProject(theirs)).toBe(true);
    expect(admin.logProblem(log('2026-11-02', 'other'), theirs, now)).toBeNull();
    expect(admin.dayProblem('2026-11-02', now)).toBeNull();
  });

  it('nobody, not even an Admin, is offered to change a log an issued invoice holds', () => {
    const invoiced = { ...log('2026-11-20'), invoice: '2026-0007' };
    const says =
      'This log is on invoice 2026-0007: it cannot be changed or removed unless the invoice is voided.';
    expect(as('Admin', true).logProblem(invoiced, mine, now)).toBe(says);
    expect(as('Normal').logProblem(invoiced, mine, now)).toBe(says);
  });

  it('a Manager manages only the projects they are on', () => {
    const manager = as('Manager');
    expect(manager.managesWorkspace).toBe(false);
    expect(manager.managesProject(mine)).toBe(true);
    expect(manager.managesProject(theirs)).toBe(false);
    expect(manager.seesAmounts).toBe(false);
    expect(manager.logProblem(log('2026-11-20', 'other'), mine, now)).toBeNull();
    expect(manager.logProblem(log('2026-11-20', 'other'), theirs, now)).toBe(
      'You can only track time on projects you are assigned to.',
    );
    expect(manager.logProblem(log('2026-11-10', 'other'), mine, now)).toBe(locked);
  });

  it('a Manager who leads teams is offered to review only their members’ submitted logs', () => {
    const project = { memberIds: ['me', 'mine', 'out'], approval: true };
    const lead = abilitiesOf({
      role: 'Manager',
      memberId: 'me',
      seesAmounts: false,
      rules,
      teamMembers: ['mine'],
    });
    expect(lead.reviews(project, 'mine')).toBe(true);
    expect(lead.reviews(project, 'out')).toBe(false);
    // Leading no team: every member of their projects; never a project without approval.
    expect(as('Manager').reviews(project, 'out')).toBe(true);
    expect(as('Manager').reviews({ ...project, approval: false }, 'out')).toBe(false);
    expect(as('Manager').reviews({ memberIds: ['out'], approval: true }, 'out')).toBe(false);
    expect(as('Admin').reviews({ memberIds: ['out'], approval: true }, 'out')).toBe(true);
    expect(as('Normal').reviews(project, 'mine')).toBe(false);
  });

  it('a Manager is not offered their own submitted week; an Admin is (issue 48)', () => {
    const project = { memberIds: ['me', 'out'], approval: true };
    // No self sign-off: another Manager of the project or an Admin approves a Manager's week.
    expect(as('Manager').reviews(project, 'me')).toBe(false);
    expect(
      abilitiesOf({
        role: 'Manager',
        memberId: 'me',
        seesAmounts: false,
        rules,
        teamMembers: ['me'],
      }).reviews(project, 'me'),
    ).toBe(false);
    expect(as('Admin').reviews(project, 'me')).toBe(true);
  });

  it('a Normal member changes only their own open logs', () => {
    const normal = as('Normal');
    expect(normal.managesProject(mine)).toBe(false);
    expect(normal.tracksForOthers).toBe(false);
    expect(normal.logProblem(log('2026-11-11'), mine, now)).toBeNull();
    expect(normal.logProblem(log('2026-11-11', 'other'), mine, now)).toBe(
      'You can only track your own time.',
    );
    expect(normal.dayProblem('2026-11-10', now)).toBe(locked);
    expect(normal.dayProblem('2026-11-11', now)).toBeNull();
    expect(normal.logProblem(log('2026-11-20'), { memberIds: ['me'], approval: true }, now)).toBe(
      'This log is approved: only an Admin can change it.',
    );
  });

  it('a member taken off a project reads their logs on it but cannot change them', () => {
    expect(
      as('Normal').logProblem({ ...log('2026-11-20'), projectId: 'gone' }, undefined, now),
    ).toBe('You are no longer on this project, so its logs are read-only for you.');
    expect(
      as('Normal').logProblem({ ...log('2026-11-20'), projectId: 'p1' }, mine, now),
    ).toBeNull();
  });

  it('until the server has said, the least is offered', () => {
    const unknown = abilitiesOf(unknownAccess);
    expect(unknown.role).toBe('Normal');
    expect(unknown.seesAmounts).toBe(false);
    expect(unknown.managesWorkspace).toBe(false);
  });

  it('offers a team lead only their teams’ members to log time for, on projects they are on', () => {
    const lead = abilitiesOf({
      role: 'Manager',
      memberId: 'me',
      seesAmounts: false,
      rules,
      teamMembers: ['me', 'ana'],
    });
    const project = { memberIds: ['me', 'ana', 'bob'], approval: false };
    expect(lead.tracksFor('ana', project)).toBe(true);
    expect(lead.tracksFor('bob', project)).toBe(false);
    expect(lead.tracksFor('me', project)).toBe(true);
    expect(lead.tracksFor('ana', { memberIds: ['ana'], approval: false })).toBe(false);
    expect(as('Manager').tracksFor('bob', project)).toBe(true);
    expect(as('Normal').tracksFor('ana', project)).toBe(false);
    expect(as('Normal').tracksFor('me', project)).toBe(true);
  });

  // The screens ask the Admin rule without its refusals' words (issue 29): their answers must be
  // the policy's own, role by role, or a screen would offer what the server refuses.
  it('offers the Admin things exactly where the policy allows them', () => {
    const adminOnly = { Admin: true, Manager: false, Normal: false } as const;
    for (const role of ['Admin', 'Manager', 'Normal'] as const) {
      const actor = { role, memberId: 'me', seesAmounts: adminOnly[role], rules };
      const offered = abilitiesOf(actor);
      const allowed = (action: 'manageMembers' | 'manageClients' | 'setRates' | 'setApproval') =>
        can(actor, action, 'workspace', {}) === null;
      expect([
        offered.isAdmin,
        offered.managesWorkspace,
        offered.setsRates,
        offered.setsApproval,
      ]).toEqual([
        allowed('manageMembers'),
        allowed('manageClients'),
        allowed('setRates'),
        allowed('setApproval'),
      ]);
      expect(offered.isAdmin).toBe(adminOnly[role]);
    }
    const manager = { role: 'Manager' as const, memberId: 'me', seesAmounts: false, rules };
    expect(can(manager, 'setRates', 'workspace', {})).toBe('Only Admins can change rates.');
  });
});
