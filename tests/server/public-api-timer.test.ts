import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePublicTimeEntry } from '../../src/server/api/public-api-handlers';
import { handleOpenApiDocument } from '../../src/server/api/public-record-handlers';
import {
  handlePublicStartTimer,
  handlePublicStopTimer,
  handlePublicTimer,
} from '../../src/server/api/public-timer-handlers';
import type { Database } from '../../src/server/db/connect';
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

// The public API's timer (issue 50): a token's person starts and stops their own stopwatch
// through the catalog's startTimer and stopTimer, run as a push runs them; the stop saves the
// run as entries in the workspace's time zone. Every answer here is also checked against the
// OpenAPI document (tests/server/openapi-check.ts).

interface Timer {
  running: boolean;
  startedAt: string | null;
  elapsedSeconds: number | null;
  projectId: string | null;
  memberId: string | null;
  description: string;
}
interface Saved {
  id: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  utcOffset: string;
  durationSeconds: number;
  projectId: string | null;
  memberId: string | null;
  description: string;
}
interface Changed {
  data: Timer;
  saved: Saved[];
}

describe.each(drivers)('the public API timer on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  // 10:00 UTC is 15:30 in Kolkata (+05:30 all year).
  const clock = fakeClock(new Date('2026-11-22T10:00:00Z'));
  let ada: SignedUp;
  let write = '';
  let read = '';
  let adaWrite = '';
  const ctx = () => context(database, clock);
  const post = (
    path: string,
    token: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    (path.endsWith('start') ? handlePublicStartTimer : handlePublicStopTimer)(
      withToken(path, token, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
      ctx(),
    );
  const start = (body?: unknown, headers: Record<string, string> = {}, token = write) =>
    post('/api/v1/timer/start', token, body, headers);
  const stop = (headers: Record<string, string> = {}, token = write) =>
    post('/api/v1/timer/stop', token, undefined, headers);
  const timerOf = async (token = write) => {
    const res = await handlePublicTimer(withToken('/api/v1/timer', token), ctx());
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Timer }).data;
  };
  const logCount = async () => {
    const result: unknown = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM time_logs WHERE workspace_id = ${ada.workspace.id} AND NOT deleted`,
    );
    return (result as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.timer@example.com' }, clock);
    const push = pusher(
      () => database,
      () => ada.workspace.id,
      clock,
    );
    await push.ok(ada, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
    await push.ok(ada, 'createProject', {
      id: 'p1',
      fields: { ...projectFields('Website', null), memberIds: ['m-norm'] },
    });
    await push.ok(ada, 'createMember', { id: 'm-rae', fields: teamMember('Rae', 'Normal') });
    await push.ok(ada, 'createProject', {
      id: 'p2',
      fields: { ...projectFields('Retainer', null), memberIds: ['m-rae'] },
    });
    await database.db.execute(
      sql`UPDATE workspaces SET time_zone = 'Asia/Kolkata' WHERE id = ${ada.workspace.id}`,
    );
    const nik = await joinWorkspace(
      database,
      ada.workspace.id,
      { name: 'Nik', email: 'nik.timer@agency.test' },
      'Normal',
      'm-norm',
      clock,
    );
    const inAda = { ...nik, workspace: ada.workspace };
    write = (await makeToken(database, inAda, 'write', clock)).token;
    read = (await makeToken(database, inAda, 'read', clock)).token;
    adaWrite = (await makeToken(database, ada, 'write', clock)).token;
  });
  afterAll(async () => drop());

  it('starts and stops a Normal member’s own timer, saving the time between as an entry', async () => {
    expect(await timerOf()).toMatchObject({ running: false, startedAt: null });
    const started = await start({ projectId: 'p1', description: 'Fix the header' });
    expect(started.status).toBe(200);
    expect((await started.json()) as Changed).toEqual({
      data: {
        running: true,
        startedAt: '2026-11-22T10:00:00.000Z',
        elapsedSeconds: 0,
        projectId: 'p1',
        taskId: null,
        memberId: 'm-norm',
        tags: '',
        description: 'Fix the header',
      },
      saved: [],
    });
    // 1 h 45 min 30 s later: 17:15:30 in Kolkata.
    clock.advance((105 * 60 + 30) * 1000);
    expect(await timerOf()).toMatchObject({ running: true, elapsedSeconds: 6330 });
    // Another person's timer is their own: Ada's is not running.
    expect(await timerOf(adaWrite)).toMatchObject({ running: false });
    const before = await logCount();
    const stopped = await stop();
    expect(stopped.status).toBe(200);
    const { data, saved } = (await stopped.json()) as Changed;
    expect(data).toMatchObject({ running: false, startedAt: null, elapsedSeconds: null });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      date: '2026-11-22',
      startTime: '15:30',
      endTime: '17:15',
      utcOffset: '+05:30',
      durationSeconds: 6330,
      projectId: 'p1',
      memberId: 'm-norm',
    });
    expect(saved[0]?.description).toContain('Fix the header');
    expect(await logCount()).toBe(before + 1);
    const again = await handlePublicTimeEntry(
      withToken(`/api/v1/time-entries/${saved[0]?.id ?? ''}`, write),
      ctx(),
    );
    expect(again.status).toBe(200);
    // Nothing runs now: a second stop changes nothing.
    const idle = await stop();
    expect(idle.status).toBe(409);
    expect(((await idle.json()) as { error: string }).error).toBe('not_running');
    expect(await logCount()).toBe(before + 1);
  });

  it('cuts a run across midnight in the workspace’s zone into one entry per day', async () => {
    clock.advance(Date.parse('2026-11-22T18:00:00Z') - clock.now().getTime()); // 23:30 IST
    expect((await start()).status).toBe(200);
    clock.advance(60 * 60 * 1000); // 00:30 IST on the 23rd
    const stopped = (await (await stop()).json()) as Changed;
    expect(
      stopped.saved.map((entry) => [
        entry.date,
        entry.startTime,
        entry.endTime,
        entry.durationSeconds,
      ]),
    ).toEqual([
      ['2026-11-22', '23:30', '00:00', 1800],
      ['2026-11-23', '00:00', '00:30', 1800],
    ]);
    expect(stopped.saved.every((entry) => entry.memberId === 'm-norm')).toBe(true);
  });

  it('answers a retried start or stop with its first answer, and runs it once', async () => {
    const key = { 'idempotency-key': 'start-3f1c' };
    const first = await start({ description: 'Review' }, key);
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    clock.advance(5 * 60 * 1000);
    const retried = await start({ description: 'Review' }, key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await retried.json()).toEqual(JSON.parse(firstBody));
    // The run began at the first request: it has run five minutes, not none.
    expect(await timerOf()).toMatchObject({ running: true, elapsedSeconds: 300 });
    expect((await start({ description: 'Other' }, key)).status).toBe(422);

    const before = await logCount();
    const stopKey = { 'idempotency-key': 'stop-3f1c' };
    const stopped = await stop(stopKey);
    expect(stopped.status).toBe(200);
    const stoppedBody = await stopped.text();
    const replay = await stop(stopKey);
    // The retry is the first answer (the entry saved), not "not running".
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(JSON.parse(stoppedBody));
    expect(await logCount()).toBe(before + 1);
    expect((JSON.parse(stoppedBody) as Changed).saved[0]?.durationSeconds).toBe(300);
  });

  it('refuses a read-only token, a missing token and a malformed body', async () => {
    const readOnly = await start({}, {}, read);
    expect(readOnly.status).toBe(403);
    expect(((await readOnly.json()) as { error: string }).error).toBe('insufficient_scope');
    const none = await handlePublicStartTimer(
      new Request('https://hourmark.test/api/v1/timer/start', { method: 'POST' }),
      ctx(),
    );
    expect(none.status).toBe(401);
    const bad = await start({ projectId: 42, colour: 'red' });
    expect(bad.status).toBe(400);
    const { fields } = (await bad.json()) as { fields: Record<string, string> };
    expect(fields['projectId']).toEqual(expect.any(String));
    expect(JSON.stringify(fields)).toContain('colour');
    // A project that does not exist is refused at the start, not at the stop.
    const unknown = await start({ projectId: 'no-such-project' });
    expect(unknown.status).toBe(400);
    expect(await timerOf()).toMatchObject({ running: false });
  });

  it('refuses a Normal member’s run for someone else or a project they are not on, at the start', async () => {
    // Each would save a log the stop is refused, leaving a stopwatch that never stops.
    const forOther = await start({ projectId: 'p1', memberId: 'm-rae' });
    expect(forOther.status).toBe(403);
    expect(((await forOther.json()) as { message: string }).message).toBe(
      'You can only track your own time.',
    );
    const offProject = await start({ projectId: 'p2' });
    expect(offProject.status).toBe(403);
    expect(((await offProject.json()) as { message: string }).message).toBe(
      'You can only track time on projects you are assigned to.',
    );
    expect(await timerOf()).toMatchObject({ running: false });
    // An Admin may run the stopwatch for any member.
    expect((await start({ projectId: 'p2', memberId: 'm-rae' }, {}, adaWrite)).status).toBe(200);
    expect((await stop({}, adaWrite)).status).toBe(200);
  });

  it('serves the OpenAPI document without a token', async () => {
    const res = await handleOpenApiDocument(
      new Request('https://hourmark.test/api/v1/openapi.json'),
      ctx(),
    );
    expect(res.status).toBe(200);
    const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/v1/timer/start');
  });
});
