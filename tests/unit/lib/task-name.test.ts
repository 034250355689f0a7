import { describe, expect, it } from 'vitest';
import { isTaskNameTaken, taskNameKey } from '../../../src/lib/task-name';

const website = { id: 'p1', projectName: 'Website' };
const tasks = [
  { task: 'UI Design', projectId: 'p1', project: 'Website' },
  { task: 'Audit', projectId: 'p2', project: 'Audit' },
  // Saved by the original app, without a project id.
  { task: 'Copywriting', projectId: null, project: 'Website' },
];

describe('taskNameKey', () => {
  it('ignores letter case and every white space', () => {
    expect(taskNameKey('  UI  Design ')).toBe('uidesign');
    expect(taskNameKey('ui\tdesign')).toBe('uidesign');
    expect(taskNameKey('Ui Design 2')).toBe('uidesign2');
  });
});

describe('isTaskNameTaken', () => {
  it.each(['UI Design', 'ui design', ' UI  DESIGN ', 'UIDesign', 'ui\u00a0design', 'copywriting'])(
    'refuses %j on the project that has it',
    (name) => {
      expect(isTaskNameTaken(tasks, website, name)).toBe(true);
    },
  );

  it.each(['UI Design 2', 'Design', 'Audit'])('accepts %j, a name the project lacks', (name) => {
    expect(isTaskNameTaken(tasks, website, name)).toBe(false);
  });

  it('accepts the same name on another project', () => {
    expect(isTaskNameTaken(tasks, { id: 'p2', projectName: 'Audit' }, 'ui design')).toBe(false);
    expect(isTaskNameTaken(tasks, { id: 'p3', projectName: 'Other' }, 'Copywriting')).toBe(false);
  });
});
