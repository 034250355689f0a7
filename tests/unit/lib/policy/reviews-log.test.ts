import { describe, expect, it } from 'vitest';
import { approvalRequest, logRefusal, reviewsLog, type Actor } from '../../../../src/lib/policy';
import { defaultRules } from '../../../../src/lib/workspace-rules';

// Issue 48: who reviews a submitted log is one rule of the policy, asked by the push, the
// Approvals screen and the notice of a submitted week alike.

const person = (role: Actor['role'], teamMembers: string[] | null = null): Actor => ({
  role,
  memberId: 'me',
  seesAmounts: false,
  rules: defaultRules,
  teamMembers,
});
const onIt = { memberIds: ['me', 'ana', 'bob'], approval: true };
const offIt = { memberIds: ['ana', 'bob'], approval: true };

describe('who reviews a submitted log', () => {
  it('an Admin reviews every log, their own included', () => {
    expect(reviewsLog(person('Admin'), offIt, 'ana')).toBe(true);
    expect(reviewsLog(person('Admin'), onIt, 'me')).toBe(true);
  });

  it('a Manager reviews others’ logs on the projects they are on, never their own', () => {
    expect(reviewsLog(person('Manager'), onIt, 'ana')).toBe(true);
    expect(reviewsLog(person('Manager'), onIt, 'me')).toBe(false);
    expect(reviewsLog(person('Manager'), offIt, 'ana')).toBe(false);
  });

  it('a team lead reviews only their teams’ members, and only on projects they are on', () => {
    const lead = person('Manager', ['me', 'ana']);
    expect(reviewsLog(lead, onIt, 'ana')).toBe(true);
    expect(reviewsLog(lead, onIt, 'bob')).toBe(false);
    expect(reviewsLog(lead, offIt, 'ana')).toBe(false);
    expect(reviewsLog(lead, onIt, 'me')).toBe(false);
  });

  it('a Normal member reviews nothing', () => {
    expect(reviewsLog(person('Normal'), onIt, 'ana')).toBe(false);
  });

  it('the approval itself says why a Manager may not sign off their own log', () => {
    const own = { date: '2026-11-20', memberId: 'me', projectId: 'p', status: 'submitted' };
    const now = new Date('2026-11-25T12:00:00Z');
    expect(logRefusal(person('Manager'), approvalRequest(own, onIt, now))).toBe(
      'You cannot approve or reject your own logs: another Manager of the project or an Admin does.',
    );
    expect(logRefusal(person('Admin'), approvalRequest(own, onIt, now))).toBeNull();
    expect(
      logRefusal(person('Manager'), approvalRequest({ ...own, memberId: 'ana' }, onIt, now)),
    ).toBeNull();
  });
});
