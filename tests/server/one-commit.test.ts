import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleDelete } from '../../src/server/api/handlers';
import {
  handleAcceptInvitation,
  handleInvite,
  handleRevokeInvitation,
} from '../../src/server/api/invitation-handlers';
import {
  handleDraftInvoice,
  handleInvoicePayment,
  handleIssueInvoice,
  handleSaveInvoiceSettings,
  handleUpdateDraft,
  handleVoidInvoice,
} from '../../src/server/api/invoice-handlers';
import { handleRemoveLogo, handleUploadLogo } from '../../src/server/api/invoice-logo-handlers';
import {
  handleApplyCredit,
  handleCorrectPayment,
  handleDeletePayment,
} from '../../src/server/api/payment-handlers';
import {
  handleCreateShare,
  handleDeleteSavedReport,
  handleRevokeShare,
  handleSaveReport,
} from '../../src/server/api/saved-report-handlers';
import { handlePush } from '../../src/server/api/sync-handlers';
import { handleDeleteTeam, handleSaveTeam } from '../../src/server/api/team-handlers';
import { handleSaveWorkspaceSettings } from '../../src/server/api/workspace-handlers';
import { handleStartImport, handleUndoImport } from '../../src/server/api/import-run-handlers';
import {
  handlePublicCreateEntry,
  handlePublicDeleteEntry,
  handlePublicReviewEntries,
  handlePublicSubmitEntries,
  handlePublicUpdateEntry,
} from '../../src/server/api/public-api-handlers';
import {
  handlePublicCreateClient,
  handlePublicCreateMember,
  handlePublicCreateProject,
  handlePublicCreateTask,
  handlePublicUpdateProject,
} from '../../src/server/api/public-record-handlers';
import {
  handlePublicStartTimer,
  handlePublicStopTimer,
} from '../../src/server/api/public-timer-handlers';
import { importStep } from '../../src/server/imports/run-batch';
import { listeners, type Listener } from '../../src/server/commands/effects';
import type { Database } from '../../src/server/db/connect';
import { parsePoke, POKE_CHANNEL, pokeWorkspace } from '../../src/server/sync/poke';
import { rows } from '../../src/server/sync/records';
import { makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock, post } from './support';
import {
  clientFields,
  projectFields,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// One commit (issue 26): every write that reaches a workspace, by a sync push or a REST call,
// moves the workspace's version by exactly one and pokes its devices exactly once; a refused
// write moves nothing and pokes no one. And no code but src/server/commit moves a version or
// pokes.

const SENTINEL = -1;

/** Every command the effects' listeners were told of, by name (a listener of the test's own). */
const heard: string[] = [];

describe.each(drivers)('one commit on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let stopListening: () => Promise<void> = () => Promise.resolve();
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  const pokes: number[] = [];
  const ctx = () => context(database, clock);
  const ws = () => admin.workspace.id;
  let mutationId = 0;

  const versionNow = async () => {
    const [row] = await rows<{ version: number | string }>(
      database.db,
      sql`SELECT version FROM workspaces WHERE id = ${ws()}`,
    );
    return Number(row?.version);
  };

  /**
   * Every poke sent so far, once delivered: a sentinel poke sent now arrives after them all
   * (one channel, delivered in commit order), so waiting for it leaves nothing in flight.
   */
  async function deliveredPokes(): Promise<number[]> {
    await pokeWorkspace(database.db, ws(), SENTINEL);
    const deadline = Date.now() + 10_000;
    while (!pokes.includes(SENTINEL)) {
      if (Date.now() > deadline) throw new Error('the sentinel poke never arrived');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const seen = pokes.filter((v) => v !== SENTINEL);
    pokes.length = 0;
    return seen;
  }

  /**
   * Runs one write and checks it moved the version by one and poked once, with that version,
   * and that the listeners heard `heardAs` (by default the commands the history names).
   */
  async function oneCommit(
    label: string,
    write: () => Promise<Response>,
    status?: number,
    heardAs?: string[],
  ) {
    await deliveredPokes();
    const before = await versionNow();
    heard.length = 0;
    const res = await write();
    const text = await res.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (status === undefined) expect(res.ok, `${label}: ${res.status} ${text}`).toBe(true);
    else expect(res.status, `${label}: ${text}`).toBe(status);
    expect(await versionNow(), label).toBe(before + 1);
    expect(await deliveredPokes(), label).toEqual([before + 1]);
    // One change-history row per command, at the version the commit wrote.
    const history = await rows<{ command: string; user_name: string }>(
      database.db,
      sql`SELECT command, user_name FROM change_log WHERE workspace_id = ${ws()} AND version = ${before + 1}`,
    );
    expect(history.length, `${label}: ${JSON.stringify(history)}`).toBeGreaterThan(0);
    // The effects' listeners heard exactly the commands the history names (issue 48); an
    // import's batches are heard once, as importCompleted, when the last one ends it.
    const told = heardAs ?? history.map((h) => h.command);
    expect(heard.splice(0).sort(), `${label}: heard`).toEqual([...told].sort());
    lastHistory = history;
    return body;
  }
  let lastHistory: { command: string; user_name: string }[] = [];

  /**
   * Runs a write that changes no record and checks it moved nothing and poked no one; the
   * listeners heard `heardAs` (nothing, for a refused write).
   */
  async function noCommit(
    label: string,
    write: () => Promise<Response>,
    status: number,
    heardAs: string[] = [],
  ) {
    await deliveredPokes();
    const before = await versionNow();
    const res = await write();
    expect(res.status, label).toBe(status);
    expect(await versionNow(), label).toBe(before);
    expect(await deliveredPokes(), label).toEqual([]);
    expect(heard.splice(0), `${label}: heard`).toEqual(heardAs);
  }

  const push = (mutations: { name: string; args: unknown }[], cookie = admin.cookie) =>
    handlePush(
      post(
        '/sync/push',
        {
          workspaceId: ws(),
          clientId: 'one-commit-device-01',
          mutations: mutations.map((m) => ({ id: (mutationId += 1), ...m })),
        },
        cookie,
      ),
      ctx(),
    );
  const call = (
    handler: (request: Request, c: ReturnType<typeof ctx>) => Promise<Response>,
    path: string,
    body: Record<string, unknown>,
  ) => handler(post(path, { workspaceId: ws(), ...body }, admin.cookie), ctx());

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    // A listener beside the notices, as webhooks will be one: hears what each commit applied.
    (listeners as Record<string, Listener>)['probe'] = (_runner, _actor, applied) => {
      heard.push(...applied.map((c) => c.name));
      return Promise.resolve();
    };
    admin = await signUp(database, { name: 'Ada', email: 'ada.commit@example.com' }, clock);
    // Every poke sent on the channel, as each server process hears it (before streams group them).
    stopListening = await database.listen(POKE_CHANNEL, (payload) => {
      const poke = parsePoke(payload);
      if (poke?.workspaceId === ws()) pokes.push(poke.version);
    });
  });
  afterAll(async () => {
    delete (listeners as Record<string, Listener>)['probe'];
    await stopListening();
    await drop();
  });

  it('moves the version once and pokes once for each command pushed, and once for a batch', async () => {
    const each: [string, unknown][] = [
      ['createClient', { id: 'c1', fields: clientFields('Acme') }],
      ['updateClient', { id: 'c1', changes: { contactPerson: 'Rao' } }],
      ['createProject', { id: 'p1', fields: projectFields('Website', 'c1') }],
      ['updateProject', { id: 'p1', changes: { hours: 20 } }],
      [
        'createTask',
        {
          id: 't1',
          fields: { projectId: 'p1', task: 'Design', assigneeIds: [], billableRate: null },
        },
      ],
      ['createMember', { id: 'm1', fields: teamMember('Nia', 'Normal', 'commit.test') }],
      ['updateMember', { id: 'm1', changes: { BillableRate: 900 } }],
      ['addTimeLog', { id: 'l1', fields: timeLogFields('2026-11-24', 'p1', 3600) }],
      ['updateTimeLog', { id: 'l1', changes: { dur: 5400 } }],
      ['setTimer', { timer: { status: 'idle' } }],
    ];
    for (const [name, args] of each) {
      const body = await oneCommit(name, () => push([{ name, args }]));
      expect(body['results'], name).toEqual([{ id: mutationId, outcome: 'ok' }]);
    }
    expect(lastHistory).toEqual([{ command: 'setTimer', user_name: 'Ada' }]);
    await oneCommit('a batch of three', () =>
      push([
        { name: 'addTimeLog', args: { id: 'l2', fields: timeLogFields('2026-11-24', 'p1', 60) } },
        { name: 'deleteTimeLog', args: { id: 'l2' } },
        { name: 'createClient', args: { id: 'c2', fields: clientFields('Spare') } },
      ]),
    );
    expect(lastHistory.map((h) => h.command).sort()).toEqual([
      'addTimeLog',
      'createClient',
      'deleteTimeLog',
    ]);
    await oneCommit('a named command', () =>
      push([{ name: 'addLog', args: { id: 'l3', date: '2026-11-23', durationSeconds: 900 } }]),
    );
    expect(lastHistory).toEqual([{ command: 'addLog', user_name: 'Ada' }]);
    for (const [name, id] of [
      ['deleteTask', 't1'],
      ['deleteClient', 'c2'],
    ] as const)
      await oneCommit(name, () => push([{ name, args: { id } }]));
    // A push whose only mutation is refused keeps its result but moves nothing.
    await noCommit(
      'a refused push',
      () => push([{ name: 'updateTimeLog', args: { id: 'missing', changes: { dur: 60 } } }]),
      200,
    );
  });

  it('moves the version once and pokes once for every REST write, and not for a refused one', async () => {
    await oneCommit('workspace settings', () =>
      call(handleSaveWorkspaceSettings, '/sync/workspace-settings', {
        name: 'Commit Agency',
        managersSeeAmounts: true,
        timeZone: 'UTC',
        weekStart: 1,
        lockedUpTo: null,
        autoLock: null,
      }),
    );
    const team = await oneCommit(
      'save a team',
      () => call(handleSaveTeam, '/sync/teams', { name: 'Design', memberIds: ['m1'], leadIds: [] }),
      201,
    );
    await noCommit(
      'a refused team',
      () => call(handleSaveTeam, '/sync/teams', { name: 'X', memberIds: [], leadIds: ['m1'] }),
      400,
    );
    expect(lastHistory).toEqual([{ command: 'saveTeam', user_name: 'Ada' }]);
    const teamId = (team['team'] as { id: string }).id;
    await oneCommit(
      'delete a team',
      () => call(handleDeleteTeam, '/sync/teams/delete', { id: teamId }),
      204,
    );
    await noCommit(
      'delete a team twice',
      () => call(handleDeleteTeam, '/sync/teams/delete', { id: teamId }),
      400,
    );

    await oneCommit('invoice settings', () =>
      call(handleSaveInvoiceSettings, '/sync/invoice-settings', {
        companyName: 'Ada Studio',
        address: '2 Lake Road, Pune',
        taxNumber: '27BBBBB1111B1Z5',
        currency: 'INR',
        numberPattern: 'INV-{YY}-{SEQ:3}',
        counter: 'yearly',
        paymentTermsDays: 15,
        note: 'Thank you',
      }),
    );
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await oneCommit('upload a logo', () =>
      handleUploadLogo(
        new Request(`https://hourmark.test/sync/invoice-logo?workspace=${ws()}`, {
          method: 'POST',
          headers: { 'content-type': 'image/png', cookie: admin.cookie },
          body: new Uint8Array(png),
        }),
        ctx(),
      ),
    );
    await oneCommit('remove the logo', () =>
      call(handleRemoveLogo, '/sync/invoice-logo/remove', {}),
    );

    const drafted = await oneCommit(
      'draft an invoice',
      () =>
        call(handleDraftInvoice, '/sync/invoices', {
          clientId: 'c1',
          from: '2026-11-01',
          to: '2026-11-30',
        }),
      201,
    );
    const invoice = drafted['invoice'] as { id: string; document: { layout: unknown } };
    await noCommit(
      'a draft with nothing to bill',
      () =>
        call(handleDraftInvoice, '/sync/invoices', {
          clientId: 'c1',
          from: '2025-01-01',
          to: '2025-01-31',
        }),
      400,
    );
    await oneCommit('save a draft', () =>
      call(handleUpdateDraft, '/sync/invoices/draft', {
        id: invoice.id,
        layout: invoice.document.layout,
      }),
    );
    await oneCommit('issue it', () =>
      call(handleIssueInvoice, '/sync/invoices/issue', { id: invoice.id, issueDate: '2026-11-25' }),
    );
    const pay = (amountMinor: number) =>
      call(handleInvoicePayment, '/sync/invoices/payment', {
        id: invoice.id,
        paidOn: '2026-11-25',
        amountMinor,
      });
    const paymentIds = async () =>
      (
        await rows<{ id: string }>(
          database.db,
          sql`SELECT id FROM invoice_payments WHERE invoice_id = ${invoice.id} ORDER BY amount_minor`,
        )
      ).map((p) => p.id);
    await oneCommit('record a payment', () => pay(100), 201);
    await noCommit('a payment of more than is owed', () => pay(1_000_000_000), 400);
    const [first = ''] = await paymentIds();
    await oneCommit('correct the payment', () =>
      call(handleCorrectPayment, '/sync/invoices/payment/correct', {
        id: invoice.id,
        paymentId: first,
        paidOn: '2026-11-25',
        amountMinor: 200,
        reason: 'Typed 1.00 for 2.00',
      }),
    );
    await oneCommit('record a payment twice', () => pay(50), 201);
    const [twice = ''] = await paymentIds();
    await oneCommit('delete the one entered twice', () =>
      call(handleDeletePayment, '/sync/invoices/payment/delete', {
        id: invoice.id,
        paymentId: twice,
        reason: 'Entered twice',
      }),
    );
    await noCommit(
      'void a paid invoice without saying what becomes of the money',
      () => call(handleVoidInvoice, '/sync/invoices/void', { id: invoice.id }),
      409,
    );
    await oneCommit('void it, keeping the money as a credit', () =>
      call(handleVoidInvoice, '/sync/invoices/void', { id: invoice.id, settlement: 'credit' }),
    );
    expect(lastHistory).toEqual([{ command: 'voidInvoice', user_name: 'Ada' }]);
    const redrafted = await oneCommit(
      'draft the freed time again',
      () =>
        call(handleDraftInvoice, '/sync/invoices', {
          clientId: 'c1',
          from: '2026-11-01',
          to: '2026-11-30',
        }),
      201,
    );
    const next = (redrafted['invoice'] as { id: string }).id;
    await oneCommit('issue it', () =>
      call(handleIssueInvoice, '/sync/invoices/issue', { id: next, issueDate: '2026-11-25' }),
    );
    await oneCommit('pay it from the credit', () =>
      call(handleApplyCredit, '/sync/invoices/apply-credit', { id: next, paidOn: '2026-11-25' }),
    );
    expect(lastHistory).toEqual([{ command: 'applyCredit', user_name: 'Ada' }]);

    const saved = await oneCommit(
      'save a report',
      () =>
        call(handleSaveReport, '/sync/saved-reports', {
          name: 'Last week',
          spec: { range: 'last-week', groups: ['member'] },
          schedule: null,
        }),
      201,
    );
    const reportId = (saved['report'] as { id: string }).id;
    const shared = await oneCommit(
      'share it',
      () =>
        call(handleCreateShare, '/sync/report-shares', {
          savedReportId: reportId,
          days: 7,
          withAmounts: false,
        }),
      201,
    );
    await oneCommit('withdraw the link', () =>
      call(handleRevokeShare, '/sync/report-shares/revoke', { id: shared['id'] }),
    );
    await oneCommit('delete the report', () =>
      call(handleDeleteSavedReport, '/sync/saved-reports/delete', { id: reportId }),
    );

    const invited = await oneCommit(
      'invite Nia',
      () => call(handleInvite, '/sync/invitations', { memberId: 'm1' }),
      201,
    );
    const again = await oneCommit(
      'invite Nia again (the first link stops working)',
      () => call(handleInvite, '/sync/invitations', { memberId: 'm1' }),
      201,
    );
    await oneCommit('revoke the second link', () =>
      call(handleRevokeInvitation, '/sync/invitations/revoke', {
        id: (again['invitation'] as { id: string }).id,
      }),
    );
    expect(invited['link']).toEqual(expect.any(String));
    const third = await oneCommit(
      'invite Nia a third time',
      () => call(handleInvite, '/sync/invitations', { memberId: 'm1' }),
      201,
    );
    const nia = await oneCommit('Nia signs up through the link', () =>
      handleAcceptInvitation(
        post('/user/accept-invitation', {
          token: new URL(third['link'] as string).hash.slice(1),
          name: 'Nia',
          password: 'a good password',
        }),
        ctx(),
      ),
    );
    expect(nia['user']).toMatchObject({ email: 'nia@commit.test' });
    expect(lastHistory).toEqual([{ command: 'acceptInvitation', user_name: 'Nia' }]);
  });

  it('moves the version once and pokes once for each batch of an import, and for its undo', async () => {
    // Starting an import writes its row and queues its job: no workspace record changes yet,
    // but the listeners hear the command.
    const body = new FormData();
    body.set('file', new File([readFileSync('tests/fixtures/import/toggl-detailed.csv')], 't.csv'));
    await noCommit(
      'start an import',
      () =>
        handleStartImport(
          new Request(`https://hourmark.test/api/imports?workspace=${ws()}`, {
            method: 'POST',
            headers: { cookie: admin.cookie },
            body,
          }),
          ctx(),
        ),
      202,
      ['startImport'],
    );
    const [started] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM imports WHERE workspace_id = ${ws()}`,
    );
    const id = started?.id ?? '';
    // Three batches of two rows: three commits, one poke and one history entry each; the
    // listeners hear the import once, when the third ends it.
    for (const batch of [1, 2, 3])
      await oneCommit(
        `import batch ${batch}`,
        async () => {
          await importStep(database.db, id, clock.now(), 2);
          return new Response('{}');
        },
        undefined,
        batch === 3 ? ['importCompleted'] : [],
      );
    expect(lastHistory).toEqual([{ command: 'importRows', user_name: 'Ada' }]);
    await oneCommit('undo the import', () =>
      handleUndoImport(
        new Request(`https://hourmark.test/api/imports/${id}/undo`, {
          method: 'POST',
          headers: { cookie: admin.cookie },
        }),
        ctx(),
      ),
    );
    expect(lastHistory).toEqual([{ command: 'undoImport', user_name: 'Ada' }]);
  });

  it('moves the version once and pokes once for each public API write (issue 50)', async () => {
    const { token } = await makeToken(database, admin, 'write', clock);
    const send = (
      handler: typeof handlePublicCreateEntry,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) =>
      handler(
        withToken(path, token, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
        ctx(),
      );
    const made = await oneCommit('create through the API', () =>
      send(handlePublicCreateEntry, 'POST', '/api/v1/time-entries', {
        date: '2026-11-20',
        durationSeconds: 600,
      }),
    );
    expect(lastHistory).toEqual([{ command: 'addLog', user_name: 'Ada' }]);
    const id = (made['data'] as { id: string }).id;
    const [row] = await rows<{ version: string | number }>(
      database.db,
      sql`SELECT version FROM time_logs WHERE workspace_id = ${ws()} AND id = ${id}`,
    );
    await oneCommit('edit through the API', () =>
      send(
        handlePublicUpdateEntry,
        'PATCH',
        `/api/v1/time-entries/${id}`,
        { durationSeconds: 900 },
        { 'If-Match': `"${String(row?.version)}"` },
      ),
    );
    expect(lastHistory).toEqual([{ command: 'editLog', user_name: 'Ada' }]);
    await noCommit(
      'a stale delete through the API',
      () =>
        send(handlePublicDeleteEntry, 'DELETE', `/api/v1/time-entries/${id}`, undefined, {
          'If-Match': `"${String(row?.version)}"`,
        }),
      412,
    );
    await oneCommit('submit through the API', () =>
      send(handlePublicSubmitEntries, 'POST', '/api/v1/time-entries/submit', { logIds: [id] }),
    );
    expect(lastHistory).toEqual([{ command: 'submitWeek', user_name: 'Ada' }]);
    await oneCommit('approve through the API', () =>
      send(handlePublicReviewEntries, 'POST', '/api/v1/time-entries/review', {
        logIds: [id],
        decision: 'approve',
      }),
    );
    expect(lastHistory).toEqual([{ command: 'reviewLogs', user_name: 'Ada' }]);
    await oneCommit('start the timer through the API', () =>
      send(handlePublicStartTimer, 'POST', '/api/v1/timer/start', {}),
    );
    expect(lastHistory).toEqual([{ command: 'startTimer', user_name: 'Ada' }]);
    clock.advance(60_000);
    await oneCommit('stop the timer through the API', () =>
      send(handlePublicStopTimer, 'POST', '/api/v1/timer/stop'),
    );
    expect(lastHistory).toEqual([{ command: 'stopTimer', user_name: 'Ada' }]);
    await oneCommit('add a client through the API', () =>
      send(handlePublicCreateClient, 'POST', '/api/v1/clients', { name: 'API client' }),
    );
    expect(lastHistory).toEqual([{ command: 'createClient', user_name: 'Ada' }]);
    const project = await oneCommit('add a project through the API', () =>
      send(handlePublicCreateProject, 'POST', '/api/v1/projects', { name: 'API project' }),
    );
    expect(lastHistory).toEqual([{ command: 'createProject', user_name: 'Ada' }]);
    const projectId = (project['data'] as { id: string }).id;
    await oneCommit('archive a project through the API', () =>
      send(
        handlePublicUpdateProject,
        'PATCH',
        `/api/v1/projects/${projectId}`,
        { status: 'Archived' },
        { 'If-Match': '*' },
      ),
    );
    expect(lastHistory).toEqual([{ command: 'editProject', user_name: 'Ada' }]);
    await oneCommit('add a task through the API', () =>
      send(handlePublicCreateTask, 'POST', '/api/v1/tasks', { projectId, name: 'API task' }),
    );
    expect(lastHistory).toEqual([{ command: 'createTask', user_name: 'Ada' }]);
    await oneCommit('add a team member through the API', () =>
      send(handlePublicCreateMember, 'POST', '/api/v1/members', {
        name: 'API member',
        email: 'api.member@commit.test',
        role: 'Normal',
      }),
    );
    expect(lastHistory).toEqual([{ command: 'addMember', user_name: 'Ada' }]);
  });

  it('moves the version once and pokes once for each workspace a deleted account leaves', async () => {
    const bo = await signUp(database, { name: 'Bo', email: 'bo.commit@example.com' }, clock);
    await oneCommit('create Bo as a member', () =>
      push([
        {
          name: 'createMember',
          args: { id: 'm-bo', fields: teamMember('Bo', 'Normal', 'commit.test') },
        },
      ]),
    );
    await database.db.execute(
      sql`INSERT INTO memberships (workspace_id, user_id, role, member_id, created_at)
        SELECT ${ws()}, id, 'Normal', 'm-bo', now() FROM users WHERE email = 'bo.commit@example.com'`,
    );
    await oneCommit(
      'Bo deletes their account',
      () => handleDelete(post('/user/delete', { password: 'a good password' }, bo.cookie), ctx()),
      204,
    );
    expect(lastHistory).toEqual([{ command: 'leaveWorkspace', user_name: 'Bo' }]);
  });
});

describe('every write endpoint is tried above', () => {
  // What the tests above call, and the writes that change no workspace's data.
  const tried = [
    'push',
    'workspace-settings',
    'teams',
    'teams/delete',
    'invoice-settings',
    'invoice-logo',
    'invoice-logo/remove',
    'invoices',
    'invoices/draft',
    'invoices/issue',
    'invoices/payment',
    'invoices/payment/correct',
    'invoices/payment/delete',
    'invoices/void',
    'invoices/apply-credit',
    'saved-reports',
    'saved-reports/delete',
    'report-shares',
    'report-shares/revoke',
    'invitations',
    'invitations/revoke',
    'imports/[id]/undo',
    // The public API's creates (their PATCH and DELETE are tried above too), and the timer.
    'v1/time-entries',
    'v1/time-entries/submit',
    'v1/time-entries/review',
    'v1/timer/start',
    'v1/timer/stop',
    // Clients, projects, tasks and members (a project's PATCH is tried above too).
    'v1/clients',
    'v1/members',
    'v1/projects',
    'v1/tasks',
  ];
  const notWorkspaceWrites = {
    // A new workspace starts at its first version; no device holds it yet.
    workspaces: 'creates a workspace',
    // A password-reset link for a member's account: the account changes, not the workspace.
    'member-reset-link': 'changes an account',
    // Reads a file and says what importing it would do (tests/server/import-preview.test.ts
    // checks the version stays where it was).
    'imports/preview': 'writes nothing',
    // Stores the file and runs startImport, which queues the import's job and changes no record
    // (the listeners hear it; above); each batch of the job is one commit (above).
    imports: 'starts an import job',
    // A personal access token is its person's, like a session: no workspace record changes.
    tokens: 'makes an access token',
  };
  it('finds no POST under /sync or /api that the one-commit test does not call', () => {
    const posts = (dir: string, prefix = ''): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return posts(path, `${prefix}${name}/`);
        const route = `${prefix}${name.replace(/\.ts$/, '')}`;
        return /export const POST\b/.test(readFileSync(path, 'utf8')) ? [route] : [];
      });
    // The app's API is under /api (issue 26); /sync keeps push, pull and poke, and the old
    // addresses of the API as aliases of the same endpoints (tests/server/api-aliases.test.ts).
    // (An alias re-exports its endpoint and declares no POST of its own.)
    expect(
      [...posts(join('src', 'pages', 'sync')), ...posts(join('src', 'pages', 'api'))].sort(),
    ).toEqual([...tried, ...Object.keys(notWorkspaceWrites)].sort());
  });
});

describe('no code but the commit moves a version or pokes', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory()
        ? sources(path)
        : /\.(ts|tsx|mjs)$/.test(name)
          ? [path]
          : [];
    });
  const allowed = new Set([
    join('src', 'server', 'commit', 'commit.ts'),
    // Migrations move versions of data they rewrite once, before any device is served.
    join('src', 'server', 'db', 'migrations.ts'),
  ]);

  it('finds pokes and version moves only in src/server/commit/commit.ts', () => {
    const found: string[] = [];
    for (const file of sources('src')) {
      if (allowed.has(file)) continue;
      const text = readFileSync(file, 'utf8');
      const bumps = [
        /pokeWorkspace\(/,
        /UPDATE\s+workspaces\s+SET[^`;]*\bversion\s*=/i,
        /\.update\(workspaces\)\s*\.set\(\{[^}]*\bversion\b/,
      ];
      for (const pattern of bumps) if (pattern.test(text)) found.push(`${file}: ${pattern}`);
    }
    // poke.ts defines pokeWorkspace; the commit is its only caller.
    expect(found).toEqual([expect.stringContaining(join('src', 'server', 'sync', 'poke.ts'))]);
  });
});
