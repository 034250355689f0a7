import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleAcceptInvitation, handleInvite } from '../../src/server/api/invitation-handlers';
import {
  handleMarkNoticesRead,
  handleNotices,
  handleSaveNoticePreference,
  handleUnsubscribe,
  handleUnsubscribePage,
} from '../../src/server/api/notice-handlers';
import { handleSaveReport } from '../../src/server/api/saved-report-handlers';
import { handleSaveTeam } from '../../src/server/api/team-handlers';
import { handlePush } from '../../src/server/api/sync-handlers';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { smtpMailer, type Mailer } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { seededPicker } from './seeded';
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

// Notices (issue 31), at the API: who hears of a week submitted (whoever the policy lets review
// it: the Admins, and the project's Managers within the teams they lead; issue 46 and
// notice-reviewers.test.ts), of a review (the person, with the note),
// of an invitation accepted (the Admin who invited) and of a scheduled report that failed (its
// creator); each once, in the app and by mail as each person chose, mails with links only from
// PUBLIC_URL and a one-click unsubscribe that works signed out.

const PUBLIC = new URL('https://hourmark.example');

interface Listed {
  notices: { id: string; title: string; body: string; path: string; read: boolean }[];
  unread: number;
  preferences: { event: string; channel: string; hour: number | null }[];
  mail: boolean;
}

describe.each(drivers)('notices on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailer: Mailer;
  const clock = fakeClock(new Date('2026-11-20T10:00:00Z'));
  const ctx = () => context(database, clock, '203.0.113.7', PUBLIC, mailer);
  let ada: SignedUp;
  let mira: SignedUp;
  let nik: SignedUp;
  let lea: SignedUp;
  let pia: SignedUp;
  const ws = () => ada.workspace.id;
  const { ok } = pusher(
    () => database,
    () => ws(),
    clock,
  );
  let logNo = 0;

  /** Runs the job runner's round until nothing is due; answers the mails that arrived. */
  async function jobsRun(): Promise<Received[]> {
    const before = smtp.inbox.length;
    // A second apart, so the bell lists each round's notices after the one before.
    clock.advance(1000);
    await runDueJobs(database.db, mailer, clock.now, { appUrl: PUBLIC });
    return smtp.inbox.slice(before);
  }
  const listed = async (who: { cookie: string }) =>
    (await (await handleNotices(get('/user/notices', who.cookie), ctx())).json()) as Listed;
  const titles = async (who: { cookie: string }) => (await listed(who)).notices.map((n) => n.title);
  /** Adds pending logs for `member` on `project` and submits them as `who`. */
  async function submit(who: SignedUp, member: string, project: string, days: string[]) {
    const ids = days.map(() => `l${(logNo += 1)}`);
    for (const [i, day] of days.entries())
      await ok(who, 'addTimeLog', {
        id: ids[i],
        fields: { ...timeLogFields(day, project, 3600), memberId: member, status: 'pending' },
      });
    await ok(who, 'submitWeek', { logIds: ids });
    return ids;
  }
  const prefer = (who: { cookie: string }, body: Record<string, unknown>) =>
    handleSaveNoticePreference(post('/user/notices/preferences', body, who.cookie), ctx());

  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
    smtp = await startSmtp();
    mailer = smtpMailer(smtp.url, 'Hourmark <notices@hourmark.test>');
    ada = await signUp(database, { name: 'Ada', email: 'ada.notice@example.com' }, clock);
    for (const [id, name, role] of [
      ['m-mira', 'Mira', 'Manager'],
      ['m-nik', 'Nik', 'Normal'],
      ['m-lea', 'Lea', 'Manager'],
      ['m-pia', 'Pia', 'Normal'],
    ] as const)
      await ok(ada, 'createMember', { id, fields: teamMember(name, role) });
    // Audit: approval, Mira and Nik on it. Loose: approval, only Pia on it (no Manager).
    await ok(ada, 'createProject', {
      id: 'p-audit',
      fields: { ...projectFields('Audit', null), approval: true, memberIds: ['m-mira', 'm-nik'] },
    });
    await ok(ada, 'createProject', {
      id: 'p-loose',
      fields: { ...projectFields('Loose', null), approval: true, memberIds: ['m-pia'] },
    });
    const join = (name: string, role: 'Manager' | 'Normal', member: string) =>
      joinWorkspace(
        database,
        ws(),
        { name, email: `${name.toLowerCase()}.notice@example.com` },
        role,
        member,
        clock,
      );
    mira = await join('Mira', 'Manager', 'm-mira');
    nik = await join('Nik', 'Normal', 'm-nik');
    lea = await join('Lea', 'Manager', 'm-lea');
    pia = await join('Pia', 'Normal', 'm-pia');
  });
  afterAll(async () => {
    await smtp.close();
    await drop();
  });

  it('tells those who may review a week submitted, once, in the app and by mail from PUBLIC_URL', async () => {
    await submit(nik, 'm-nik', 'p-audit', ['2026-11-16', '2026-11-17']);
    const mails = await jobsRun();
    // The project's Manager and the Admin, who may both review it.
    for (const reviewer of [mira, ada]) {
      expect(await titles(reviewer)).toEqual(['Nik submitted the week of 16 Nov 2026']);
      expect((await listed(reviewer)).notices[0]).toMatchObject({
        body: '2 logs, 2:00 h to review.',
        path: '/approvals',
        read: false,
      });
    }
    // Not Lea (not on the project), nor Nik himself.
    for (const other of [lea, nik]) expect(await titles(other)).toEqual([]);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      [['ada.notice@example.com'], 'Nik submitted the week of 16 Nov 2026'],
      [['mira.notice@example.com'], 'Nik submitted the week of 16 Nov 2026'],
    ]);
    const mail = mails.find((m) => m.to[0] === 'mira.notice@example.com');
    expect(mail?.text).toContain('Open Hourmark: https://hourmark.example/approvals');
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/hourmark\.example\/user\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Every link in the mail is on PUBLIC_URL.
    for (const link of mail?.text.match(/https?:\/\/\S+/g) ?? [])
      expect(link.startsWith('https://hourmark.example/')).toBe(true);
    // Once: another round sends and stores nothing more.
    expect(await jobsRun()).toEqual([]);
    expect(await titles(mira)).toHaveLength(1);
  });

  it('tells a lead of the person’s team once they are on the project, and the Admins alone where nobody else reviews', async () => {
    const team = await handleSaveTeam(
      post(
        '/sync/teams',
        { workspaceId: ws(), name: 'Design', memberIds: ['m-nik', 'm-lea'], leadIds: ['m-lea'] },
        ada.cookie,
      ),
      ctx(),
    );
    expect(team.status).toBe(201);
    await submit(nik, 'm-nik', 'p-audit', ['2026-11-18']);
    await submit(pia, 'm-pia', 'p-loose', ['2026-11-18']);
    let mails = await jobsRun();
    // Lea leads Nik's team but is not on Audit: its logs are not hers to see or review.
    expect(await titles(lea)).toEqual([]);
    expect(await titles(mira)).toHaveLength(2);
    // Nobody on Loose reviews: only the Admin may.
    expect((await titles(ada)).slice(0, 2).sort()).toEqual([
      'Nik submitted the week of 16 Nov 2026',
      'Pia submitted the week of 16 Nov 2026',
    ]);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      'ada.notice@example.com',
      'ada.notice@example.com',
      'mira.notice@example.com',
    ]);
    // On Audit, Lea reviews her team's logs there, and hears of them.
    await ok(ada, 'updateProject', {
      id: 'p-audit',
      changes: { memberIds: ['m-mira', 'm-nik', 'm-lea'] },
    });
    await submit(nik, 'm-nik', 'p-audit', ['2026-11-18']);
    mails = await jobsRun();
    expect(await titles(lea)).toEqual(['Nik submitted the week of 16 Nov 2026']);
    expect((await listed(lea)).notices[0]?.body).toBe('1 log, 1:00 h to review.');
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      'ada.notice@example.com',
      'lea.notice@example.com',
      'mira.notice@example.com',
    ]);
  });

  it('tells the person of a rejection with its note and of an approval, as they chose: mail, app or off', async () => {
    const ids = await submit(nik, 'm-nik', 'p-audit', ['2026-11-19']);
    await jobsRun();
    await ok(mira, 'reviewLogs', {
      logIds: ids,
      decision: 'reject',
      note: 'Add the ticket number',
    });
    let mails = await jobsRun();
    expect((await listed(nik)).notices[0]).toMatchObject({
      title: 'Mira rejected your logs of the week of 16 Nov 2026',
      body: '1 log to correct and submit again. Note: Add the ticket number',
      path: '/',
    });
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      ['nik.notice@example.com', 'Mira rejected your logs of the week of 16 Nov 2026'],
    ]);
    // Off: nothing at all.
    expect((await prefer(nik, { event: 'week-reviewed', channel: 'off' })).status).toBe(200);
    await ok(nik, 'submitWeek', { logIds: ids });
    await ok(mira, 'reviewLogs', { logIds: ids, decision: 'approve' });
    mails = await jobsRun();
    expect(mails.filter((m) => m.to[0] === 'nik.notice@example.com')).toEqual([]);
    expect(await titles(nik)).toHaveLength(1);
    // In the app only: a notice, no mail.
    await prefer(nik, { event: 'week-reviewed', channel: 'app' });
    const more = await submit(nik, 'm-nik', 'p-audit', ['2026-11-20']);
    await ok(mira, 'reviewLogs', { logIds: more, decision: 'approve' });
    mails = await jobsRun();
    expect(mails.filter((m) => m.to[0] === 'nik.notice@example.com')).toEqual([]);
    expect((await listed(nik)).notices[0]).toMatchObject({
      title: 'Mira approved your logs of the week of 16 Nov 2026',
      body: '1 log, 1:00 h, approved.',
    });
    const settings = (await listed(nik)).preferences;
    expect(settings.find((p) => p.event === 'week-reviewed')?.channel).toBe('app');
    expect(settings.find((p) => p.event === 'nothing-tracked')).toEqual({
      event: 'nothing-tracked',
      channel: 'off',
      hour: 17,
    });
  });

  it('stops an event’s mails with the one-click unsubscribe, signed out; the app still shows it', async () => {
    const toLea = (mails: Received[]) => mails.filter((m) => m.to[0] === 'lea.notice@example.com');
    await submit(nik, 'm-nik', 'p-audit', ['2026-11-21']);
    const [mail] = toLea(await jobsRun());
    expect(mail?.to).toEqual(['lea.notice@example.com']);
    const link = (mail?.headers['list-unsubscribe'] ?? '').slice(1, -1);
    const path = link.replace('https://hourmark.example', '');
    // The page the link opens changes nothing by itself.
    const page = await handleUnsubscribePage(get(path));
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Stop these mails');
    expect((await listed(lea)).preferences.find((p) => p.event === 'week-submitted')?.channel).toBe(
      'mail',
    );
    // RFC 8058: the mail program posts List-Unsubscribe=One-Click, without a cookie.
    const res = await handleUnsubscribe(
      new Request(`https://hourmark.test${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      ctx(),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ event: 'week-submitted', channel: 'app' });
    const shown = (await titles(lea)).length;
    await submit(nik, 'm-nik', 'p-audit', ['2026-11-22']);
    expect(toLea(await jobsRun())).toEqual([]);
    expect(await titles(lea)).toHaveLength(shown + 1);
    const wrong = await handleUnsubscribe(
      post(`/user/unsubscribe?token=${'a'.repeat(22)}.${'b'.repeat(43)}`, {}),
      ctx(),
    );
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('tells the inviting Admin when the invitation is accepted', async () => {
    await ok(ada, 'createMember', { id: 'm-quinn', fields: teamMember('Quinn', 'Normal') });
    const invited = await handleInvite(
      post('/sync/invitations', { workspaceId: ws(), memberId: 'm-quinn' }, ada.cookie),
      ctx(),
    );
    const { link } = (await invited.json()) as { link: string };
    await jobsRun();
    const accepted = await handleAcceptInvitation(
      post('/user/accept-invitation', {
        token: link.split('#')[1],
        name: 'Quinn',
        password: 'a good password',
      }),
      ctx(),
    );
    expect(accepted.status).toBe(201);
    const mails = await jobsRun();
    expect((await listed(ada)).notices[0]).toMatchObject({
      title: `Quinn joined ${ada.workspace.name}`,
      path: '/users',
    });
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      ['ada.notice@example.com', `Quinn joined ${ada.workspace.name}`],
    ]);
  });

  it('tells a scheduled report’s creator when its mail gave up', async () => {
    const saved = await handleSaveReport(
      post(
        '/sync/saved-reports',
        {
          workspaceId: ws(),
          name: 'Weekly hours',
          spec: { range: 'last-week', groups: ['member'] },
          schedule: 'weekly',
        },
        mira.cookie,
      ),
      ctx(),
    );
    expect(saved.status).toBe(201);
    smtp.refuse(true);
    try {
      // Monday 23 Nov: due. Five tries, 1, 2, 4 and 8 minutes apart, all refused.
      const monday = new Date('2026-11-23T06:00:00Z').getTime();
      for (const minutes of [0, 1, 3, 7, 15]) {
        clock.advance(monday + minutes * 60_000 - clock.now().getTime());
        await runDueJobs(database.db, mailer, clock.now, { appUrl: PUBLIC });
      }
    } finally {
      smtp.refuse(false);
    }
    expect((await listed(mira)).notices[0]).toMatchObject({
      title: 'Your scheduled report "Weekly hours" was not sent',
      path: '/reports/detailed',
    });
    const [job] = await rows<{ attempts: number }>(
      database.db,
      sql`SELECT attempts FROM jobs WHERE kind = 'report-mail'`,
    );
    expect(Number(job?.attempts)).toBe(5);
  });

  it('marks notices read, one by one or all, only the person’s own', async () => {
    // Lea has heard of four submissions of Nik's: the 18th, 19th, 21st and 22nd. The 19th's
    // second submission and the 20th were approved before the notice job ran: nothing was left
    // to review, so nobody was told.
    const before = await listed(lea);
    expect(before.unread).toBe(4);
    const [first] = before.notices;
    const mine = await handleMarkNoticesRead(
      post('/user/notices/read', { ids: [first?.id] }, lea.cookie),
      ctx(),
    );
    expect(((await mine.json()) as Listed).unread).toBe(3);
    // Someone else's id changes nothing.
    const adaFirst = (await listed(ada)).notices[0]?.id;
    await handleMarkNoticesRead(post('/user/notices/read', { ids: [adaFirst] }, lea.cookie), ctx());
    expect((await listed(ada)).notices[0]?.read).toBe(false);
    const all = await handleMarkNoticesRead(
      post('/user/notices/read', { all: true }, lea.cookie),
      ctx(),
    );
    expect(((await all.json()) as Listed).unread).toBe(0);
    expect((await handleNotices(get('/user/notices'), ctx())).status).toBe(401);
  });

  it('tells of a week an older bundle submitted and reviewed as stored changes, once per push', async () => {
    // Before named commands, a device sent a submitted week as one status change per log.
    const ids = ['l-old-1', 'l-old-2'];
    for (const [i, day] of ['2026-11-09', '2026-11-10'].entries())
      await ok(nik, 'addTimeLog', {
        id: ids[i],
        fields: { ...timeLogFields(day, 'p-audit', 1800), memberId: 'm-nik', status: 'pending' },
      });
    const pushOld = async (who: SignedUp, changes: Record<string, unknown>) => {
      const res = await handlePush(
        post(
          '/sync/push',
          {
            workspaceId: ws(),
            clientId: `old-bundle-${who.cookie.slice(11, 24)}`,
            mutations: ids.map((id, i) => ({
              id: i + 1,
              name: 'updateTimeLog',
              args: { id, changes },
            })),
          },
          who.cookie,
        ),
        ctx(),
      );
      const body = (await res.json()) as { results: { outcome: string }[] };
      expect(body.results.map((r) => r.outcome)).toEqual(['ok', 'ok']);
    };
    await pushOld(nik, { status: 'submitted' });
    await jobsRun();
    // Each who may review Audit hears of it once for the two logs: Lea (on it, leading Nik's
    // team since the tests before), Mira and Ada.
    for (const reviewer of [lea, mira, ada])
      expect(
        (await listed(reviewer)).notices
          .filter((n) => n.title.includes('9 Nov'))
          .map((n) => [n.title, n.body]),
      ).toEqual([['Nik submitted the week of 9 Nov 2026', '2 logs, 1:00 h to review.']]);
    await pushOld(mira, { status: 'rejected', reviewNote: 'Split by task' });
    await jobsRun();
    expect((await listed(nik)).notices[0]).toMatchObject({
      title: 'Mira rejected your logs of the week of 9 Nov 2026',
      body: '2 logs to correct and submit again. Note: Split by task',
    });
  });

  it('answers 1,000 junk bodies per endpoint with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(31);
    const junk = [null, 1, -1, 1.5, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(300), 'ghost'];
    const body = () =>
      rand() < 0.1
        ? pick(['', '{', 'null', '[]', 'List-Unsubscribe=One-Click'])
        : JSON.stringify({
            ...(rand() < 0.5 ? { ids: pick([['n1'], [], junk, ['x'.repeat(300)], 'n1']) } : {}),
            ...(rand() < 0.3 ? { all: pick([true, false, ...junk]) } : {}),
            ...(rand() < 0.6
              ? { event: pick(['week-submitted', 'nothing-tracked', ...junk]) }
              : {}),
            ...(rand() < 0.6 ? { channel: pick(['app', 'mail', 'off', 'sms', ...junk]) } : {}),
            ...(rand() < 0.4 ? { hour: pick([0, 9, 23, 24, -1, 7.5, ...junk]) } : {}),
            ...(rand() < 0.05 ? { extra: 1 } : {}),
          });
    for (const [path, handler] of [
      ['/user/notices/read', handleMarkNoticesRead],
      ['/user/notices/preferences', handleSaveNoticePreference],
    ] as const) {
      for (let i = 0; i < 1000; i += 1) {
        const sent = body();
        const res = await handler(post(path, sent, rand() < 0.8 ? nik.cookie : undefined), ctx());
        expect(res.status, `${path} #${i}: ${sent.slice(0, 120)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
    const tokens = ['', 'a', '%00', 'x'.repeat(500), `${'a'.repeat(22)}.${'b'.repeat(43)}`];
    for (let i = 0; i < 1000; i += 1) {
      const query =
        rand() < 0.9
          ? `?token=${rand() < 0.1 ? '%ED%A0%80' : encodeURIComponent(pick(tokens))}`
          : '';
      const res =
        rand() < 0.5
          ? await handleUnsubscribe(post(`/user/unsubscribe${query}`, body()), ctx())
          : await handleUnsubscribePage(get(`/user/unsubscribe${query}`));
      expect(res.status, `#${i}: ${query}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  }, 300_000);

  it.runIf(driver.name === 'PostgreSQL')(
    'two job runners on separate pools deliver each notice and mail once',
    async () => {
      const other = await openDatabase({ url });
      try {
        await prefer(lea, { event: 'week-submitted', channel: 'mail' });
        for (const day of ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'])
          await submit(nik, 'm-nik', 'p-audit', [day]);
        const before = smtp.inbox.length;
        await Promise.all([
          runDueJobs(database.db, mailer, clock.now, { appUrl: PUBLIC }),
          runDueJobs(other.db, mailer, clock.now, { appUrl: PUBLIC }),
        ]);
        const mails = smtp.inbox.slice(before).map((m) => m.to[0]);
        // Four weeks, each to the three who may review them: Lea, Mira and Ada.
        expect(mails).toHaveLength(12);
        for (const name of ['lea', 'mira', 'ada'])
          expect(mails.filter((to) => to === `${name}.notice@example.com`)).toHaveLength(4);
        expect(
          (await titles(lea)).filter((t) => t === 'Nik submitted the week of 23 Nov 2026'),
        ).toHaveLength(4);
      } finally {
        await other.close();
      }
    },
    60_000,
  );
});
