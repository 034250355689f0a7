import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handlePublicCreateClient,
  handlePublicCreateMember,
  handlePublicCreateProject,
  handlePublicCreateTask,
  handlePublicProject,
  handlePublicUpdateClient,
  handlePublicUpdateMember,
  handlePublicUpdateProject,
  handlePublicUpdateTask,
} from '../../src/server/api/public-record-handlers';
import type { Database } from '../../src/server/db/connect';
import { rows } from '../../src/server/sync/records';
import { makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  type SignedUp,
} from './workspace-support';

// The public API's writes of clients, projects and tasks (issue 50): each the catalog's command
// for the kind, run under the one policy; rates in minor units beside the currency; a create
// takes an Idempotency-Key, a change needs If-Match, and archiving is a change of status.

type Row = Record<string, unknown> & { id: string };
type Handler = (request: Request, ctx: ReturnType<typeof context>) => Promise<Response>;

describe.each(drivers)(
  'the public API’s writes of clients, projects and tasks on $name',
  (driver) => {
    let database: Database;
    let drop: () => Promise<void>;
    const clock = fakeClock();
    let ada: SignedUp;
    const tokens = { ada: '', adaRead: '', mira: '', nik: '' };
    const ctx = () => context(database, clock);
    const send = (
      handler: Handler,
      method: string,
      path: string,
      token: string,
      body: unknown,
      headers: Record<string, string> = {},
    ) =>
      handler(
        withToken(path, token, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
        ctx(),
      );
    const dataOf = async (res: Response) => ((await res.json()) as { data: Row }).data;
    const stored = async (table: string, id: string) => {
      const [row] = await rows<{ data: Record<string, unknown> }>(
        database.db,
        sql`SELECT data FROM ${sql.raw(table)} WHERE workspace_id = ${ada.workspace.id} AND id = ${id}`,
      );
      return row?.data;
    };
    const count = async (table: string) => {
      const [row] = await rows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE workspace_id = ${ada.workspace.id} AND NOT deleted`,
      );
      return row?.n ?? -1;
    };

    beforeAll(async () => {
      ({ database, drop } = await driver.fresh());
      ada = await signUp(database, { name: 'Ada', email: 'ada.record-writes@example.com' }, clock);
      const push = pusher(
        () => database,
        () => ada.workspace.id,
        clock,
      );
      await push.ok(ada, 'createMember', { id: 'm-man', fields: teamMember('Mira', 'Manager') });
      await push.ok(ada, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
      await push.ok(ada, 'createProject', {
        id: 'p1',
        fields: { ...projectFields('Website', null), memberIds: ['m-man', 'm-norm'] },
      });
      await push.ok(ada, 'createProject', { id: 'p2', fields: projectFields('Audit', null) });
      const join = async (name: string, role: 'Manager' | 'Normal', memberId: string) => ({
        ...(await joinWorkspace(
          database,
          ada.workspace.id,
          { name, email: `${name.toLowerCase()}.record-writes@agency.test` },
          role,
          memberId,
          clock,
        )),
        workspace: ada.workspace,
      });
      tokens.mira = (
        await makeToken(database, await join('Mira', 'Manager', 'm-man'), 'write', clock)
      ).token;
      tokens.nik = (
        await makeToken(database, await join('Nik', 'Normal', 'm-norm'), 'write', clock)
      ).token;
      tokens.ada = (await makeToken(database, ada, 'write', clock)).token;
      tokens.adaRead = (await makeToken(database, ada, 'read', clock)).token;
    });
    afterAll(async () => drop());

    it('adds a client from its name alone, with the Add form’s blanks, its address and its ETag', async () => {
      const res = await send(handlePublicCreateClient, 'POST', '/api/v1/clients', tokens.ada, {
        name: 'Acme',
      });
      expect(res.status).toBe(201);
      const data = await dataOf(res);
      expect(data).toMatchObject({
        name: 'Acme',
        contactPerson: '',
        email: '',
        taxPercentage: null,
        status: 'Active',
      });
      // A client holds no money, so no currency is said beside it.
      expect(data).not.toHaveProperty('currency');
      expect(res.headers.get('location')).toBe(`/api/v1/clients/${data.id}`);
      expect(res.headers.get('etag')).toMatch(/^"\d+"$/);
    });

    it('takes a project’s rate in minor units and stores it as the app does; refuses another currency', async () => {
      const before = await count('projects');
      const res = await send(handlePublicCreateProject, 'POST', '/api/v1/projects', tokens.ada, {
        name: 'Retainer',
        billableBy: 'project',
        billableRateMinor: 150050,
        currency: 'INR',
      });
      expect(res.status).toBe(201);
      const data = await dataOf(res);
      expect(data).toMatchObject({
        name: 'Retainer',
        billableBy: 'project',
        billableRateMinor: 150050,
        currency: 'INR',
        // The rest as the Add Project form starts.
        clientId: null,
        budgetHours: 0,
        rounding: 'false',
        timeInterval: 15,
        approval: false,
        status: 'Active',
        memberIds: [],
      });
      // 150050 paise is ₹1,500.50 an hour, stored as the app's forms store it.
      expect((await stored('projects', data.id))?.['billamount']).toBe(1500.5);

      const dollars = await send(
        handlePublicCreateProject,
        'POST',
        '/api/v1/projects',
        tokens.ada,
        {
          name: 'Dollars',
          billableRateMinor: 1000,
          currency: 'USD',
        },
      );
      expect(dollars.status).toBe(400);
      expect(await dollars.json()).toMatchObject({
        fields: {
          currency: 'This workspace counts money in INR: send amounts in it, or leave currency out',
        },
      });
      const fraction = await send(
        handlePublicCreateProject,
        'POST',
        '/api/v1/projects',
        tokens.ada,
        {
          name: 'Fraction',
          billableRateMinor: 1500.5,
        },
      );
      expect(fraction.status).toBe(400);
      expect(Object.keys(((await fraction.json()) as { fields: object }).fields)).toEqual([
        'billableRateMinor',
      ]);
      // The decimal name is not the API's: refused, not read as paise or rupees.
      const decimal = await send(
        handlePublicCreateProject,
        'POST',
        '/api/v1/projects',
        tokens.ada,
        {
          name: 'Decimal',
          billableRate: 1500,
        },
      );
      expect(decimal.status).toBe(400);
      const noName = await send(handlePublicCreateProject, 'POST', '/api/v1/projects', tokens.ada, {
        budgetHours: 10,
      });
      expect(noName.status).toBe(400);
      expect(Object.keys(((await noName.json()) as { fields: object }).fields)).toEqual(['name']);
      expect(await count('projects')).toBe(before + 1);
    });

    it('answers a retried task create with its first answer, and refuses the key for another body', async () => {
      const before = await count('tasks');
      const key = { 'Idempotency-Key': 'task-retry-1' };
      const body = { projectId: 'p1', name: 'Design' };
      const first = await send(
        handlePublicCreateTask,
        'POST',
        '/api/v1/tasks',
        tokens.ada,
        body,
        key,
      );
      expect(first.status).toBe(201);
      const made = await dataOf(first);
      expect(made).toMatchObject({
        projectId: 'p1',
        name: 'Design',
        assigneeIds: [],
        billableRateMinor: null,
        currency: 'INR',
      });
      const again = await send(
        handlePublicCreateTask,
        'POST',
        '/api/v1/tasks',
        tokens.ada,
        body,
        key,
      );
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await dataOf(again)).id).toBe(made.id);
      const other = await send(
        handlePublicCreateTask,
        'POST',
        '/api/v1/tasks',
        tokens.ada,
        { ...body, name: 'Build' },
        key,
      );
      expect(other.status).toBe(422);
      expect(await count('tasks')).toBe(before + 1);
    });

    it('changes and archives only with a current If-Match: 428 without, 412 when stale', async () => {
      const made = await send(handlePublicCreateClient, 'POST', '/api/v1/clients', tokens.ada, {
        name: 'Globex',
      });
      const { id } = await dataOf(made);
      const first = made.headers.get('etag') ?? '';
      const path = `/api/v1/clients/${id}`;
      const without = await send(handlePublicUpdateClient, 'PATCH', path, tokens.ada, {
        contactPerson: 'Hank',
      });
      expect(without.status).toBe(428);
      const renamed = await send(
        handlePublicUpdateClient,
        'PATCH',
        path,
        tokens.ada,
        { contactPerson: 'Hank' },
        { 'If-Match': first },
      );
      expect(renamed.status).toBe(200);
      expect(await dataOf(renamed)).toMatchObject({ name: 'Globex', contactPerson: 'Hank' });
      const second = renamed.headers.get('etag') ?? '';
      expect(second).not.toBe(first);
      // The first tag is stale now: the change made meanwhile is not overwritten.
      const stale = await send(
        handlePublicUpdateClient,
        'PATCH',
        path,
        tokens.ada,
        { contactPerson: 'Someone else' },
        { 'If-Match': first },
      );
      expect(stale.status).toBe(412);
      expect(stale.headers.get('etag')).toBe(second);
      // Archiving is the app's Archive: a change of status, and Active restores it.
      const archived = await send(
        handlePublicUpdateClient,
        'PATCH',
        path,
        tokens.ada,
        { status: 'Archived' },
        { 'If-Match': second },
      );
      expect(archived.status).toBe(200);
      expect(await dataOf(archived)).toMatchObject({ contactPerson: 'Hank', status: 'Archived' });
      const nothing = await send(
        handlePublicUpdateClient,
        'PATCH',
        path,
        tokens.ada,
        { currency: 'INR' },
        { 'If-Match': '*' },
      );
      expect(nothing.status).toBe(400);
    });

    it('lets a Manager change their project and add its tasks, but not its rate nor other projects', async () => {
      const p1 = await handlePublicProject(withToken('/api/v1/projects/p1', tokens.mira), ctx());
      const etag = p1.headers.get('etag') ?? '';
      const rate = await send(
        handlePublicUpdateProject,
        'PATCH',
        '/api/v1/projects/p1',
        tokens.mira,
        { billableRateMinor: 200000 },
        { 'If-Match': etag },
      );
      expect(rate.status).toBe(403);
      expect(await rate.json()).toEqual({
        error: 'forbidden',
        message: 'Only Admins can change rates.',
      });
      const renamed = await send(
        handlePublicUpdateProject,
        'PATCH',
        '/api/v1/projects/p1',
        tokens.mira,
        { name: 'Website relaunch' },
        { 'If-Match': etag },
      );
      expect(renamed.status).toBe(200);
      const data = await dataOf(renamed);
      expect(data).toMatchObject({ name: 'Website relaunch', currency: 'INR' });
      // A Manager does not see amounts unless the workspace lets them.
      expect(data).not.toHaveProperty('billableRateMinor');
      // Not on Audit: not hers to see, so not hers to change.
      const audit = await send(
        handlePublicUpdateProject,
        'PATCH',
        '/api/v1/projects/p2',
        tokens.mira,
        { name: 'Mine now' },
        { 'If-Match': '*' },
      );
      expect(audit.status).toBe(404);
      const project = await send(
        handlePublicCreateProject,
        'POST',
        '/api/v1/projects',
        tokens.mira,
        {
          name: 'Side project',
        },
      );
      expect(project.status).toBe(403);
      expect(await project.json()).toMatchObject({
        message: 'Only Admins can create or delete projects.',
      });
      const task = await send(handlePublicCreateTask, 'POST', '/api/v1/tasks', tokens.mira, {
        projectId: 'p1',
        name: 'Copy',
        assigneeIds: ['m-norm'],
      });
      expect(task.status).toBe(201);
      const taskId = (await dataOf(task)).id;
      const priced = await send(
        handlePublicUpdateTask,
        'PATCH',
        `/api/v1/tasks/${taskId}`,
        tokens.mira,
        { billableRateMinor: 90000 },
        { 'If-Match': task.headers.get('etag') ?? '' },
      );
      expect(priced.status).toBe(403);
      expect(await priced.json()).toMatchObject({ message: 'Only Admins can change rates.' });
    });

    it('lets an Admin add a team member, re-rate them from a day on, and archive them; a Manager may not', async () => {
      const member = {
        name: 'Zoe',
        email: 'zoe@agency.test',
        role: 'Normal',
        labourRateMinor: 45050,
        billableRateMinor: 120000,
      };
      const noRole = await send(handlePublicCreateMember, 'POST', '/api/v1/members', tokens.ada, {
        ...member,
        role: undefined,
      });
      expect(noRole.status).toBe(400);
      expect(Object.keys(((await noRole.json()) as { fields: object }).fields)).toEqual(['role']);
      const made = await send(
        handlePublicCreateMember,
        'POST',
        '/api/v1/members',
        tokens.ada,
        member,
      );
      expect(made.status).toBe(201);
      const zoe = await dataOf(made);
      expect(zoe).toMatchObject({
        ...member,
        currency: 'INR',
        notes: '',
        status: 'Active',
        autoAddToProjects: false,
      });
      // ₹450.50 and ₹1,200 an hour, as the Team screen stores them.
      expect(await stored('members', zoe.id)).toMatchObject({
        LoborRate: 450.5,
        BillableRate: 1200,
      });
      const path = `/api/v1/members/${zoe.id}`;
      // A raise from 22 November: the days up to the 21st keep the old rates.
      const raised = await send(
        handlePublicUpdateMember,
        'PATCH',
        path,
        tokens.ada,
        {
          labourRateMinor: 50000,
          rateHistory: [{ until: '2026-11-21', labourRateMinor: 45050, billableRateMinor: 120000 }],
        },
        { 'If-Match': made.headers.get('etag') ?? '' },
      );
      expect(raised.status).toBe(200);
      expect(await dataOf(raised)).toMatchObject({
        labourRateMinor: 50000,
        billableRateMinor: 120000,
        rateHistory: [{ until: '2026-11-21', labourRateMinor: 45050, billableRateMinor: 120000 }],
      });
      expect((await stored('members', zoe.id))?.['rateHistory']).toEqual([
        { until: '2026-11-21', LoborRate: 450.5, BillableRate: 1200 },
      ]);
      const archived = await send(
        handlePublicUpdateMember,
        'PATCH',
        path,
        tokens.ada,
        { status: 'Archived' },
        { 'If-Match': raised.headers.get('etag') ?? '' },
      );
      expect(archived.status).toBe(200);
      expect(await dataOf(archived)).toMatchObject({ name: 'Zoe', status: 'Archived' });
      const byManager = await send(
        handlePublicCreateMember,
        'POST',
        '/api/v1/members',
        tokens.mira,
        {
          ...member,
          email: 'yan@agency.test',
        },
      );
      expect(byManager.status).toBe(403);
      expect(await byManager.json()).toEqual({
        error: 'forbidden',
        message: 'Only Admins can change team members.',
      });
      // Nik is on Mira's project, so she sees him; changing him is still the Admins'.
      const rename = await send(
        handlePublicUpdateMember,
        'PATCH',
        '/api/v1/members/m-norm',
        tokens.mira,
        { name: 'Nikolai' },
        { 'If-Match': '*' },
      );
      expect(rename.status).toBe(403);
      expect(await rename.json()).toMatchObject({
        message: 'Only Admins can change team members.',
      });
    });

    it('refuses a Normal member’s token with the policy’s words, and a read-only token', async () => {
      const before = [await count('clients'), await count('tasks')];
      const client = await send(handlePublicCreateClient, 'POST', '/api/v1/clients', tokens.nik, {
        name: 'Initech',
      });
      expect(client.status).toBe(403);
      expect(await client.json()).toEqual({
        error: 'forbidden',
        message: 'Only Admins can change clients.',
      });
      const task = await send(handlePublicCreateTask, 'POST', '/api/v1/tasks', tokens.nik, {
        projectId: 'p1',
        name: 'Sneaky',
      });
      expect(task.status).toBe(403);
      expect(await task.json()).toMatchObject({
        message: 'Only Admins and Managers can change tasks.',
      });
      const readOnly = await send(
        handlePublicCreateClient,
        'POST',
        '/api/v1/clients',
        tokens.adaRead,
        {
          name: 'Initech',
        },
      );
      expect(readOnly.status).toBe(403);
      expect(await readOnly.json()).toMatchObject({ error: 'insufficient_scope' });
      expect([await count('clients'), await count('tasks')]).toEqual(before);
    });
  },
);
