import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handlePublicClient,
  handlePublicClients,
  handlePublicMember,
  handlePublicMembers,
  handlePublicProject,
  handlePublicProjects,
  handlePublicTasks,
} from '../../src/server/api/public-record-handlers';
import type { Database } from '../../src/server/db/connect';
import { makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  type SignedUp,
} from './workspace-support';

// The public API's clients, projects, tasks and members (issue 50): listed and read as the
// token's person's role sees them in their pull: a Normal member sees only the projects they
// are on (and their tasks and clients) and themselves, and no rate, cost or billing detail.

type Row = Record<string, unknown> & { id: string };
interface Page {
  data: Row[];
  nextCursor: string | null;
}

describe.each(drivers)(
  'the public API’s clients, projects, tasks and members on $name',
  (driver) => {
    let database: Database;
    let drop: () => Promise<void>;
    const clock = fakeClock();
    let ada: SignedUp;
    let nikToken = '';
    let adaToken = '';
    const ctx = () => context(database, clock);
    type Handler = (request: Request, c: ReturnType<typeof ctx>) => Promise<Response>;
    const page = async (handler: Handler, path: string, token: string) => {
      const res = await handler(withToken(path, token), ctx());
      expect(res.status).toBe(200);
      return (await res.json()) as Page;
    };

    beforeAll(async () => {
      ({ database, drop } = await driver.fresh());
      ada = await signUp(database, { name: 'Ada', email: 'ada.records@example.com' }, clock);
      const push = pusher(
        () => database,
        () => ada.workspace.id,
        clock,
      );
      await push.ok(ada, 'createMember', {
        id: 'm-norm',
        fields: {
          ...teamMember('Nik', 'Normal'),
          LoborRate: 400,
          BillableRate: 900,
          notes: 'Part-time',
          rateHistory: [{ until: '2026-10-31', LoborRate: 350.25, BillableRate: 800 }],
        },
      });
      await push.ok(ada, 'createMember', { id: 'm-other', fields: teamMember('Olu', 'Normal') });
      await push.ok(ada, 'createClient', {
        id: 'c1',
        fields: {
          ...clientFields('Acme'),
          email: 'billing@acme.test',
          taxNumber: '27AAAPL1234C1ZV',
        },
      });
      await push.ok(ada, 'createClient', { id: 'c2', fields: clientFields('Globex') });
      await push.ok(ada, 'createProject', {
        id: 'p1',
        fields: { ...projectFields('Website', 'c1'), memberIds: ['m-norm'] },
      });
      await push.ok(ada, 'createProject', {
        id: 'p2',
        fields: { ...projectFields('Audit', 'c2'), memberIds: ['m-other'] },
      });
      await push.ok(ada, 'createTask', {
        id: 't1',
        fields: { projectId: 'p1', task: 'Design', assigneeIds: ['m-norm'], billableRate: 1200 },
      });
      await push.ok(ada, 'createTask', {
        id: 't2',
        fields: { projectId: 'p2', task: 'Fieldwork', assigneeIds: [], billableRate: null },
      });
      const nik = await joinWorkspace(
        database,
        ada.workspace.id,
        { name: 'Nik', email: 'nik.records@agency.test' },
        'Normal',
        'm-norm',
        clock,
      );
      nikToken = (await makeToken(database, { ...nik, workspace: ada.workspace }, 'read', clock))
        .token;
      adaToken = (await makeToken(database, ada, 'read', clock)).token;
    });
    afterAll(async () => drop());

    it('gives an Admin every project with its rate and budget', async () => {
      const { data, nextCursor } = await page(handlePublicProjects, '/api/v1/projects', adaToken);
      expect(data.map((project) => project.id)).toEqual(['p1', 'p2']);
      expect(data[0]).toMatchObject({
        name: 'Website',
        clientId: 'c1',
        // Rates in minor units beside the currency: ₹1,500 an hour is 150000 paise.
        billableRateMinor: 150000,
        currency: 'INR',
        budgetHours: 40,
        billableBy: 'project',
        memberIds: ['m-norm'],
      });
      expect(nextCursor).toBeNull();
    });

    it('gives a Normal member only their project, its task and client, and no rate', async () => {
      const projects = await page(handlePublicProjects, '/api/v1/projects', nikToken);
      expect(projects.data.map((project) => project.id)).toEqual(['p1']);
      expect(projects.data[0]).not.toHaveProperty('billableRateMinor');
      expect(projects.data[0]).toMatchObject({ name: 'Website' });
      const tasks = await page(handlePublicTasks, '/api/v1/tasks', nikToken);
      expect(tasks.data.map((task) => [task.id, task['name']])).toEqual([['t1', 'Design']]);
      expect(tasks.data[0]).not.toHaveProperty('billableRateMinor');
      const clients = await page(handlePublicClients, '/api/v1/clients', nikToken);
      expect(clients.data.map((client) => client.id)).toEqual(['c1']);
      expect(clients.data[0]).toMatchObject({ name: 'Acme' });
      expect(clients.data[0]).not.toHaveProperty('email');
      expect(clients.data[0]).not.toHaveProperty('taxNumber');
      // Another project's record is not confirmed to exist.
      const other = await handlePublicProject(withToken('/api/v1/projects/p2', nikToken), ctx());
      expect(other.status).toBe(404);
    });

    it('shows a Normal member themselves without rates or notes; an Admin sees them', async () => {
      const mine = await page(handlePublicMembers, '/api/v1/members', nikToken);
      expect(mine.data.map((member) => member.id)).toEqual(['m-norm']);
      expect(mine.data[0]).toMatchObject({ name: 'Nik', role: 'Normal' });
      for (const hidden of ['labourRateMinor', 'billableRateMinor', 'notes', 'rateHistory'])
        expect(mine.data[0]).not.toHaveProperty(hidden);
      const res = await handlePublicMember(withToken('/api/v1/members/m-norm', adaToken), ctx());
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^"\d+"$/);
      expect(((await res.json()) as { data: Row }).data).toMatchObject({
        labourRateMinor: 40000,
        billableRateMinor: 90000,
        currency: 'INR',
        notes: 'Part-time',
        rateHistory: [{ until: '2026-10-31', labourRateMinor: 35025, billableRateMinor: 80000 }],
      });
      const tasks = await page(handlePublicTasks, '/api/v1/tasks', adaToken);
      expect(tasks.data.map((task) => [task.id, task['billableRateMinor']])).toEqual([
        ['t1', 120000],
        ['t2', null],
      ]);
      const client = await handlePublicClient(withToken('/api/v1/clients/c1', adaToken), ctx());
      expect(((await client.json()) as { data: Row }).data).toMatchObject({
        email: 'billing@acme.test',
        taxNumber: '27AAAPL1234C1ZV',
      });
    });

    it('pages by cursor, each record once', async () => {
      const first = await page(handlePublicProjects, '/api/v1/projects?limit=1', adaToken);
      expect(first.data.map((project) => project.id)).toEqual(['p1']);
      expect(first.nextCursor).not.toBeNull();
      const second = await page(
        handlePublicProjects,
        `/api/v1/projects?limit=1&cursor=${first.nextCursor ?? ''}`,
        adaToken,
      );
      expect(second.data.map((project) => project.id)).toEqual(['p2']);
      expect(second.nextCursor).toBeNull();
      const bad = await handlePublicProjects(
        withToken('/api/v1/projects?limit=0', adaToken),
        ctx(),
      );
      expect(bad.status).toBe(400);
    });
  },
);
