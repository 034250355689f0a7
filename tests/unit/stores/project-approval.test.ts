// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { beforeEach, describe, expect, it } from 'vitest';
import { abilitiesOf, unknownAccess } from '../../../src/lib/abilities';
import type { ProjectForm } from '../../../src/lib/entities/project';
import { rememberAccess } from '../../../src/stores/access';
import { onLocalChange, type LocalEvent } from '../../../src/stores/local-changes';
import { $projects, updateProject, type Project } from '../../../src/stores/projects';
import { mutationsOfEvent } from '../../../src/stores/sync/changes';
import { $timeLogs, type TimeLog } from '../../../src/stores/time-logs';

// Issue 47, point 3: turning approval on for a project in the browser changes the rule for what
// comes next. The project's logs nobody reviewed become pending in the cache at once, as the
// server makes them, so no screen calls them approved; it is one command with the project's edit.

const now = new Date('2026-03-10T11:00:00Z');

const project: Project = {
  id: 'p1',
  projectName: 'Website',
  client: '',
  clientId: null,
  hours: 0,
  billamount: 0,
  task: [],
  description: '',
  billable: 'project',
  rounding: 'false',
  timeInterval: 15,
  approval: false,
  memberIds: ['m-norm'],
  date: 1,
  month: 2,
  year: 2026,
  status: 'Active',
};

const formOf = (p: Project, changes: Partial<ProjectForm> = {}): ProjectForm => ({
  projectName: p.projectName,
  clientId: p.clientId,
  hours: String(p.hours),
  description: p.description,
  billable: p.billable,
  billamount: String(p.billamount),
  rounding: p.rounding,
  timeInterval: p.timeInterval,
  approval: p.approval,
  memberIds: p.memberIds ?? [],
  ...changes,
});

const log = (id: string, changes: Partial<TimeLog> = {}): TimeLog => ({
  id,
  date: '2026-03-09',
  client: 'Website',
  projectId: 'p1',
  task: '',
  taskId: null,
  tags: '',
  desc: '',
  dur: 3600,
  st: '',
  end: '',
  exp: 0,
  memberId: 'm-norm',
  status: 'approved',
  ...changes,
});

const statuses = () => Object.fromEntries($timeLogs.get().map((l) => [l.id, l.status]));
const author = abilitiesOf({ ...unknownAccess, role: 'Normal', memberId: 'm-norm' });

beforeEach(() => {
  localStorage.clear();
  keepMount($projects);
  keepMount($timeLogs);
  $projects.set([project]);
  $timeLogs.set([
    log('l-week'),
    // Locked (the workspace locks up to 28 Feb), on an issued invoice, sent before, elsewhere.
    log('l-closed', { date: '2026-02-20' }),
    log('l-billed', { invoice: 'INV-0001' }),
    log('l-sent', { status: 'submitted' }),
    log('l-other', { projectId: 'p2' }),
  ]);
  rememberAccess(
    { userId: 'u-ada', workspaceId: 'w1' },
    {
      ...unknownAccess,
      role: 'Admin',
      memberId: 'm-ada',
      rules: { ...unknownAccess.rules, lockedUpTo: '2026-02-28' },
    },
  );
});

describe('turning approval on for a project', () => {
  it('leaves its earlier logs pending and editable by their author, not approved', () => {
    const week = log('l-week');
    expect(author.logProblem(week, { ...project, approval: true }, now)).toBe(
      'This log is approved: only an Admin can change it.',
    );
    const heard: LocalEvent[] = [];
    const stop = onLocalChange((event) => heard.push(event));
    try {
      expect(updateProject(project, formOf(project, { approval: true }), '', now).status).toBe(
        'saved',
      );
    } finally {
      stop();
    }
    expect($projects.get()[0]?.approval).toBe(true);
    expect(statuses()).toEqual({
      'l-week': 'pending',
      'l-closed': 'approved',
      'l-billed': 'approved',
      'l-sent': 'submitted',
      'l-other': 'approved',
    });
    const cached = $timeLogs.get().find((l) => l.id === 'l-week');
    expect(cached && author.logProblem(cached, $projects.get()[0], now)).toBeNull();

    // One command, which the server runs by its name; the logs' changes are this device's guess.
    expect(heard).toHaveLength(1);
    const [event] = heard;
    const sent = event ? mutationsOfEvent(event)?.mutations : [];
    expect(sent?.map((m) => [m.name, m.args])).toEqual([
      ['editProject', { id: 'p1', approval: true }],
    ]);
    expect(sent?.[0]?.steps?.map((s) => [s.name, s.args])).toEqual([
      ['updateProject', { id: 'p1', changes: { approval: true } }],
      ['updateTimeLog', { id: 'l-week', changes: { status: 'pending' } }],
    ]);
  });

  it('leaves the logs alone when approval stays as it was', () => {
    updateProject(project, formOf(project, { projectName: 'Web site' }), '', now);
    const approved = { ...project, approval: true };
    $projects.set([approved]);
    updateProject(approved, formOf(approved, { projectName: 'Website' }), '', now);
    expect(statuses()['l-week']).toBe('approved');
  });
});
