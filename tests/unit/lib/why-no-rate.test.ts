import { describe, expect, it } from 'vitest';
import { whyNoBillableRate } from '../../../src/lib/rates';

const project = (billable: 'member' | 'task' | 'project' | 'false', billamount = 0) => ({
  billable,
  billamount,
});

describe('why a log bills ₹0', () => {
  it('names what is missing for each billable setting', () => {
    expect(whyNoBillableRate({ project: undefined, task: undefined, member: undefined })).toBe(
      'No project is chosen, so this log bills nothing.',
    );
    expect(
      whyNoBillableRate({
        project: project('false'),
        task: undefined,
        member: undefined,
        projectName: 'Internal',
      }),
    ).toBe('Internal is not billable.');
    expect(
      whyNoBillableRate({
        project: project('member'),
        task: undefined,
        member: { BillableRate: 0 },
        projectName: 'Website',
        memberName: 'Asha',
      }),
    ).toBe(
      "Website bills each team member's rate, and Asha has no billable rate yet (Team → Edit).",
    );
    expect(
      whyNoBillableRate({
        project: project('member'),
        task: undefined,
        member: undefined,
        projectName: 'Website',
      }),
    ).toBe("Website bills each team member's rate: choose a team member.");
    expect(
      whyNoBillableRate({
        project: project('task'),
        task: { billableRate: null },
        member: undefined,
        projectName: 'Support',
        taskName: 'Tickets',
      }),
    ).toBe("Support bills each task's rate, and Tickets has none yet.");
    expect(
      whyNoBillableRate({
        project: project('project'),
        task: undefined,
        member: undefined,
        projectName: 'Audit',
      }),
    ).toBe('Audit bills a project rate, but no amount is set (Projects → Edit).');
  });

  it('says nothing when a rate above zero applies', () => {
    expect(
      whyNoBillableRate({ project: project('project', 1000), task: undefined, member: undefined }),
    ).toBeNull();
    expect(
      whyNoBillableRate({
        project: project('member'),
        task: undefined,
        member: { BillableRate: 900 },
      }),
    ).toBeNull();
    expect(
      whyNoBillableRate({
        project: project('task'),
        task: { billableRate: 1200 },
        member: undefined,
      }),
    ).toBeNull();
  });
});
