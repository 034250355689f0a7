import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleNotices, handleSaveNoticePreference } from '../../src/server/api/notice-handlers';
import { handleSaveWorkspaceSettings } from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { smtpMailer, type Mailer } from '../../src/server/mail/mailer';
import { startSmtp, type Received } from './smtp';
import { context, drivers, fakeClock, get, post } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// Reminders (issue 31) in a workspace on Europe/Berlin time, whose clocks go back on Sunday
// 25 Oct 2026: the submit reminder goes at 16:00 on Friday, 14:00 UTC on 23 Oct (CEST, +2) and
// 15:00 UTC on 30 Oct (CET, +1), once per person and week, to those on a project with approval;
// the "tracked nothing" reminder at the hour each person chose, on working days.

const PUBLIC = new URL('https://hourmark.example');

describe.each(drivers)('reminders on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailer: Mailer;
  const clock = fakeClock(new Date('2026-10-19T08:00:00Z'));
  const ctx = () => context(database, clock, '203.0.113.7', PUBLIC, mailer);
  let ada: SignedUp;
  let mira: SignedUp;
  let nik: SignedUp;
  let pia: SignedUp;
  const ws = () => ada.workspace.id;
  const { ok } = pusher(
    () => database,
    () => ws(),
    clock,
  );

  /** The job runner's round at `iso`; the mails it sent, by addressee. */
  async function at(iso: string): Promise<Received[]> {
    clock.advance(new Date(iso).getTime() - clock.now().getTime());
    const before = smtp.inbox.length;
    await runDueJobs(database.db, mailer, clock.now, { appUrl: PUBLIC });
    return smtp.inbox.slice(before);
  }
  const titles = async (who: { cookie: string }) =>
    (
      (await (await handleNotices(get('/user/notices', who.cookie), ctx())).json()) as {
        notices: { title: string }[];
      }
    ).notices.map((n) => n.title);

  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
    smtp = await startSmtp();
    mailer = smtpMailer(smtp.url, 'Hourmark <notices@hourmark.test>');
    ada = await signUp(database, { name: 'Ada', email: 'ada.remind@example.com' }, clock);
    const saved = await handleSaveWorkspaceSettings(
      post(
        '/sync/workspace-settings',
        {
          workspaceId: ws(),
          name: 'Berlin Studio',
          managersSeeAmounts: false,
          timeZone: 'Europe/Berlin',
          weekStart: 1,
          lockedUpTo: null,
          autoLock: null,
        },
        ada.cookie,
      ),
      ctx(),
    );
    expect(saved.status).toBe(200);
    for (const [id, name, role] of [
      ['m-mira', 'Mira', 'Manager'],
      ['m-nik', 'Nik', 'Normal'],
      ['m-pia', 'Pia', 'Normal'],
    ] as const)
      await ok(ada, 'createMember', { id, fields: teamMember(name, role) });
    await ok(ada, 'createProject', {
      id: 'p-audit',
      fields: { ...projectFields('Audit', null), approval: true, memberIds: ['m-mira', 'm-nik'] },
    });
    await ok(ada, 'createProject', {
      id: 'p-plain',
      fields: { ...projectFields('Plain', null), memberIds: ['m-pia'] },
    });
    const join = (name: string, role: 'Manager' | 'Normal', member: string) =>
      joinWorkspace(
        database,
        ws(),
        { name, email: `${name.toLowerCase()}.remind@example.com` },
        role,
        member,
        clock,
      );
    mira = await join('Mira', 'Manager', 'm-mira');
    nik = await join('Nik', 'Normal', 'm-nik');
    pia = await join('Pia', 'Normal', 'm-pia');
  });
  afterAll(async () => {
    await smtp.close();
    await drop();
  });

  it('reminds those on a project with approval at 16:00 Berlin time on Friday, once, across the change to winter time', async () => {
    // Friday 23 Oct, 15:59 CEST: not yet.
    expect(await at('2026-10-23T13:59:00Z')).toEqual([]);
    // 16:00 CEST: Mira and Nik (on Audit), not Pia (no approval) nor Ada (on neither).
    const mails = await at('2026-10-23T14:00:00Z');
    expect(mails.map((m) => [m.to[0], m.subject]).sort()).toEqual([
      ['mira.remind@example.com', 'Submit your week of 19 Oct 2026'],
      ['nik.remind@example.com', 'Submit your week of 19 Oct 2026'],
    ]);
    expect(mails[0]?.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/hourmark\.example\/user\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(await titles(nik)).toEqual(['Submit your week of 19 Oct 2026']);
    expect(await titles(pia)).toEqual([]);
    expect(await titles(ada)).toEqual([]);
    // Once per person and week, however often the runner ticks that evening.
    expect(await at('2026-10-23T14:30:00Z')).toEqual([]);
    expect(await at('2026-10-23T21:59:00Z')).toEqual([]);
    expect(await titles(nik)).toHaveLength(1);

    // Nik turns it off, so next Friday only Mira is reminded…
    await handleSaveNoticePreference(
      post('/user/notices/preferences', { event: 'submit-reminder', channel: 'off' }, nik.cookie),
      ctx(),
    );
    // …after the clocks went back: 16:00 CET is 15:00 UTC, so 15:30 CET (14:30 UTC) is early.
    expect(await at('2026-10-30T14:30:00Z')).toEqual([]);
    const reminded = await at('2026-10-30T15:00:00Z');
    expect(reminded.map((m) => [m.to[0], m.subject])).toEqual([
      ['mira.remind@example.com', 'Submit your week of 26 Oct 2026'],
    ]);
    expect(await titles(nik)).toHaveLength(1);

    // A week Mira has sent by Friday brings her no reminder.
    await ok(mira, 'addTimeLog', {
      id: 'l-mira',
      fields: {
        ...timeLogFields('2026-11-02', 'p-audit', 3600),
        memberId: 'm-mira',
        status: 'pending',
      },
    });
    await ok(mira, 'submitWeek', { logIds: ['l-mira'] });
    expect(
      (await at('2026-11-06T15:00:00Z')).filter((m) => m.subject.startsWith('Submit')),
    ).toEqual([]);
  });

  it('reminds a person who tracked nothing by their hour, on working days, when they turned it on', async () => {
    await handleSaveNoticePreference(
      post(
        '/user/notices/preferences',
        { event: 'nothing-tracked', channel: 'mail', hour: 9 },
        pia.cookie,
      ),
      ctx(),
    );
    // Monday 9 Nov, 08:59 CET: not yet; 09:00: Pia, and nobody who left it off.
    expect(await at('2026-11-09T07:59:00Z')).toEqual([]);
    const mails = await at('2026-11-09T08:00:00Z');
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      ['pia.remind@example.com', 'You have tracked nothing today'],
    ]);
    // Once a day, though her own workspace (UTC) reaches nine later.
    expect(await at('2026-11-09T12:00:00Z')).toEqual([]);
    // Tuesday she tracked before nine: nothing.
    await ok(pia, 'addTimeLog', {
      id: 'l-pia',
      fields: { ...timeLogFields('2026-11-10', 'p-plain', 1800), memberId: 'm-pia' },
    });
    expect(await at('2026-11-10T08:00:00Z')).toEqual([]);
    // Saturday is no working day.
    expect(await at('2026-11-14T10:00:00Z')).toEqual([]);
    expect(await titles(pia)).toEqual(['You have tracked nothing today']);
  });

  it.runIf(driver.name === 'PostgreSQL')(
    'two server processes on one PostgreSQL send each reminder once',
    async () => {
      // Friday 13 Nov, 16:00 CET: Mira's reminder (Nik turned his off; Pia is not on Audit).
      const run = () =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [
              '--import',
              'tsx',
              'tests/server/run-jobs.ts',
              url ?? '',
              smtp.url,
              '2026-11-13T15:05:00Z',
            ],
            { stdio: ['ignore', 'ignore', 'inherit'] },
          );
          child.on('error', reject);
          child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
        });
      const before = smtp.inbox.length;
      await Promise.all([run(), run()]);
      const sent = smtp.inbox.slice(before).filter((m) => m.subject.startsWith('Submit'));
      expect(sent.map((m) => [m.to[0], m.subject])).toEqual([
        ['mira.remind@example.com', 'Submit your week of 9 Nov 2026'],
      ]);
    },
    60_000,
  );
});
