import { describe, expect, it } from 'vitest';
import { deletedProjectLabel, logProjectLine } from '../../../src/lib/log-label';

const projectsById = new Map([['web', { projectName: 'Website' }]]);

describe('deletedProjectLabel', () => {
  it.each([
    ['Acme / Website', 'Website (deleted)'],
    ['No client / Audit', 'Audit (deleted)'],
    ['Acme / Phase 2 / Design', 'Phase 2 / Design (deleted)'],
    ['Acme / ', 'Deleted project'],
    ['Website', 'Deleted project'],
    ['', 'Deleted project'],
  ])('labels a deleted project saved as %j: %j', (saved, label) => {
    expect(deletedProjectLabel(saved)).toBe(label);
  });
});

describe('logProjectLine', () => {
  it('shows the saved text while the project exists, and for logs without a project', () => {
    expect(logProjectLine({ client: 'Acme / Website', projectId: 'web' }, projectsById)).toBe(
      'Acme / Website',
    );
    expect(logProjectLine({ client: '', projectId: null }, projectsById)).toBe('');
    expect(logProjectLine({ client: 'Old text', projectId: null }, projectsById)).toBe('Old text');
  });

  it("marks a deleted project by its own name, keeping the saved client's", () => {
    expect(logProjectLine({ client: 'Acme / Audit', projectId: 'gone' }, projectsById)).toBe(
      'Acme / Audit (deleted)',
    );
    expect(logProjectLine({ client: '', projectId: 'gone' }, projectsById)).toBe('Deleted project');
    expect(logProjectLine({ client: 'Audit', projectId: 'gone' }, projectsById)).toBe(
      'Deleted project',
    );
  });
});
