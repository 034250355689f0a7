import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handlePublicReviewEntries,
  handlePublicSubmitEntries,
  handlePublicTimeEntry,
} from '../../src/server/api/public-api-handlers';
import type { Database } from '../../src/server/db/connect';
import { makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// Submitting entries for approval and reviewing them through the public API (issue 50): the
// catalog's submitWeek and reviewLogs under the one policy. A Normal member sends their own; a
// Manager decides on the entries of the projects they are on, never their own; an Admin on any.

interface Entry {
  id: string;
  status: string;
  reviewNote: string;
}
type Handler = (request: Request, ctx: ReturnType<typeof context>) => Promise<Response>;

describe.each(drivers)(
  'submitting and reviewing entries through the public API on $name',
  (driver) => {
    let database: Database;
    let drop: () => Promise<void>;
    const clock = fakeClock();
    let ada: SignedUp;
    const tokens = { ada: '', mira: '', nik: '' };
    const ctx = () => context(database, clock);
    const post = (handler: Handler, path: string, token: string, body: unknown, key?: string) =>
      handler(
        withToken(path, token, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(key === undefined ? {} : { 'Idempotency-Key': key }),
          },
          body: JSON.stringify(body),
        }),
        ctx(),
      );
    const submit = (token: string, logIds: string[], key?: string) =>
      post(handlePublicSubmitEntries, '/api/v1/time-entries/submit', token, { logIds }, key);
    const review = (token: string, body: Record<string, unknown>) =>
      post(handlePublicReviewEntries, '/api/v1/time-entries/review', token, body);
    const statuses = async (res: Response) =>
      ((await res.json()) as { data: Entry[] }).data.map((e) => [e.id, e.status, e.reviewNote]);
    const statusOf = async (id: string) => {
      const res = await handlePublicTimeEntry(
        withToken(`/api/v1/time-entries/${id}`, tokens.ada),
        ctx(),
      );
      return ((await res.json()) as { data: Entry }).data.status;
    };

    beforeAll(async () => {
      ({ database, drop } = await driver.fresh());
      ada = await signUp(database, { name: 'Ada', email: 'ada.reviews@example.com' }, clock);
      const push = pusher(
        () => database,
        () => ada.workspace.id,
        clock,
      );
      await push.ok(ada, 'createMember', { id: 'm-man', fields: teamMember('Mira', 'Manager') });
      await push.ok(ada, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
      await push.ok(ada, 'createProject', {
        id: 'pa',
        fields: {
          ...projectFields('Website', null),
          approval: true,
          memberIds: ['m-man', 'm-norm'],
        },
      });
      for (const [id, memberId] of [
        ['n1', 'm-norm'],
        ['n2', 'm-norm'],
        ['m1', 'm-man'],
      ] as const)
        await push.ok(ada, 'addTimeLog', {
          id,
          fields: { ...timeLogFields('2026-11-20', 'pa', 3600), memberId, status: 'pending' },
        });
      const join = async (name: string, role: 'Manager' | 'Normal', memberId: string) => ({
        ...(await joinWorkspace(
          database,
          ada.workspace.id,
          { name, email: `${name.toLowerCase()}.reviews@agency.test` },
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
    });
    afterAll(async () => drop());

    it('sends a Normal member’s own entries for approval, once for a retried request; never another’s', async () => {
      const sent = await submit(tokens.nik, ['n1', 'n2'], 'week-47');
      expect(sent.status).toBe(200);
      expect(await statuses(sent)).toEqual([
        ['n1', 'submitted', ''],
        ['n2', 'submitted', ''],
      ]);
      const again = await submit(tokens.nik, ['n1', 'n2'], 'week-47');
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      // Mira's entry is not Nik's to send.
      const others = await submit(tokens.nik, ['m1']);
      expect(others.status).toBe(403);
      expect(await statusOf('m1')).toBe('pending');
      const none = await submit(tokens.nik, []);
      expect(none.status).toBe(400);
      expect(await none.json()).toMatchObject({ fields: { logIds: 'Name at least one log' } });
    });

    it('lets a Manager approve and reject the entries of their project, with a note the author reads', async () => {
      const approved = await review(tokens.mira, { logIds: ['n1'], decision: 'approve' });
      expect(approved.status).toBe(200);
      expect(await statuses(approved)).toEqual([['n1', 'approved', '']]);
      const rejected = await review(tokens.mira, {
        logIds: ['n2'],
        decision: 'reject',
        note: 'Split it by task',
      });
      expect(rejected.status).toBe(200);
      expect(await statuses(rejected)).toEqual([['n2', 'rejected', 'Split it by task']]);
      // Sent again, the rejection's note is cleared.
      expect(await statuses(await submit(tokens.nik, ['n2']))).toEqual([['n2', 'submitted', '']]);
      // A Normal member decides on nothing, their own entries included.
      const byNik = await review(tokens.nik, { logIds: ['n2'], decision: 'approve' });
      expect(byNik.status).toBe(403);
      expect(await statusOf('n2')).toBe('submitted');
    });

    it('never lets a Manager approve their own entry; an Admin does', async () => {
      expect(await statuses(await submit(tokens.mira, ['m1']))).toEqual([['m1', 'submitted', '']]);
      const own = await review(tokens.mira, { logIds: ['m1'], decision: 'approve' });
      expect(own.status).toBe(403);
      expect(await own.json()).toEqual({
        error: 'forbidden',
        message:
          'You cannot approve or reject your own logs: another Manager of the project or an Admin does.',
      });
      expect(await statusOf('m1')).toBe('submitted');
      // One entry she may not decide on refuses the lot: n2 stays submitted too.
      const mixed = await review(tokens.mira, { logIds: ['n2', 'm1'], decision: 'approve' });
      expect(mixed.status).toBe(403);
      expect(await statusOf('n2')).toBe('submitted');
      const byAda = await review(tokens.ada, { logIds: ['m1'], decision: 'approve' });
      expect(await statuses(byAda)).toEqual([['m1', 'approved', '']]);
    });
  },
);
