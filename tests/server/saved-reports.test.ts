import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleCreateShare,
  handleDeleteSavedReport,
  handleRevokeShare,
  handleSaveReport,
  handleSavedReports,
} from '../../src/server/api/saved-report-handlers';
import { handleSharedReport } from '../../src/server/api/shared-report-handler';
import type { Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { smtpMailer } from '../../src/server/mail/mailer';
import { startSmtp } from './smtp';
import { context, drivers, fakeClock, get, post } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';
import { seededPicker } from './seeded';

// Website bills ₹1,000/h (project rate, no rounding). Asha costs ₹400/h, Bilal ₹300/h.
// | log | who   | day               | tracked | billed    | cost     |
// | L1  | Asha  | Tue 17 Nov 2026   | 3600 s  | 100000 p  | 40000 p  |
// | L2  | Bilal | Wed 18 Nov        | 1800 s  | 50000 p   | 15000 p  |
// | L3  | Asha  | Tue 24 Nov        | 7200 s  | 200000 p  | 80000 p  |
// "Last week" on Wed 25 Nov is 16–22 Nov (L1, L2): 5400 s, ₹1,500.00 billed, ₹550.00 cost.
// On Wed 2 Dec it is 23–29 Nov (L3): 7200 s, ₹2,000.00 billed, ₹800.00 cost.

const lastWeekByMember = {
  range: 'last-week',
  groups: ['member'],
};

describe.each(drivers)('saved reports, share links and report mail on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  let asha: Awaited<ReturnType<typeof signUp>>;
  const ctx = () => context(database, clock);
  const workspaceId = () => admin.workspace.id;
  const { ok } = pusher(() => database, workspaceId, clock);

  async function save(who: { cookie: string }, body: Record<string, unknown>) {
    const res = await handleSaveReport(
      post(
        '/sync/saved-reports',
        { workspaceId: workspaceId(), schedule: null, ...body },
        who.cookie,
      ),
      ctx(),
    );
    return { status: res.status, body: (await res.json()) as { report: { id: string } } };
  }
  async function share(who: { cookie: string }, savedReportId: string, extra = {}) {
    const res = await handleCreateShare(
      post(
        '/sync/report-shares',
        { workspaceId: workspaceId(), savedReportId, days: 7, withAmounts: false, ...extra },
        who.cookie,
      ),
      ctx(),
    );
    return { status: res.status, body: (await res.json()) as { link: string; id: string } };
  }
  async function open(link: string, format = 'json') {
    const token = new URL(link).hash.slice(1);
    return handleSharedReport(get(`/shared-report?token=${token}&format=${format}`), ctx());
  }
  async function totalsOf(link: string) {
    const res = await open(link);
    expect(res.status).toBe(200);
    return ((await res.json()) as { report: { totals: Record<string, unknown> } }).report.totals;
  }

  beforeAll(async () => {
    ({ database, drop, url } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.saved@example.com' }, clock);
    await ok(admin, 'createMember', {
      id: 'm1',
      fields: { ...teamMember('Asha', 'Normal'), LoborRate: 400, BillableRate: 0 },
    });
    await ok(admin, 'createMember', {
      id: 'm2',
      fields: { ...teamMember('Bilal', 'Normal'), LoborRate: 300, BillableRate: 0 },
    });
    await ok(admin, 'createProject', {
      id: 'pA',
      fields: {
        ...projectFields('Website', null),
        billamount: 1000,
        rounding: 'false',
        memberIds: ['m1', 'm2'],
      },
    });
    const log = (id: string, memberId: string, date: string, dur: number) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, 'pA', dur), memberId, exp: 0 },
      });
    await log('L1', 'm1', '2026-11-17', 3600);
    await log('L2', 'm2', '2026-11-18', 1800);
    await log('L3', 'm1', '2026-11-24', 7200);
    asha = await joinWorkspace(
      database,
      workspaceId(),
      { name: 'Asha', email: 'asha.saved@example.com' },
      'Normal',
      'm1',
      clock,
    );
  });
  afterAll(async () => drop());

  it('saves a report for its creator only, and refuses others’ changes', async () => {
    const saved = await save(admin, { name: 'Weekly by member', spec: lastWeekByMember });
    expect(saved.status).toBe(201);
    const list = await handleSavedReports(
      get(`/sync/saved-reports?workspace=${workspaceId()}`, admin.cookie),
      ctx(),
    );
    const { reports } = (await list.json()) as { reports: { name: string; spec: unknown }[] };
    expect(reports.map((r) => r.name)).toEqual(['Weekly by member']);
    expect(reports[0]?.spec).toMatchObject({ range: 'last-week', groups: ['member'] });
    const hers = await handleSavedReports(
      get(`/sync/saved-reports?workspace=${workspaceId()}`, asha.cookie),
      ctx(),
    );
    expect(((await hers.json()) as { reports: unknown[] }).reports).toEqual([]);
    const taken = await save(asha, {
      id: saved.body.report.id,
      name: 'Mine now',
      spec: lastWeekByMember,
    });
    expect(taken.status).toBe(400);
    const deleted = await handleDeleteSavedReport(
      post(
        '/sync/saved-reports/delete',
        { workspaceId: workspaceId(), id: saved.body.report.id },
        asha.cookie,
      ),
      ctx(),
    );
    expect(deleted.status).toBe(400);
    const bad = await save(admin, { name: '', spec: { range: 'custom', groups: ['colour'] } });
    expect(bad.status).toBe(400);
  });

  it('a share link shows last week as of the day it is opened, without money unless chosen', async () => {
    const { body } = await save(admin, { name: 'Team last week', spec: lastWeekByMember });
    const plain = await share(admin, body.report.id);
    expect(plain.status).toBe(201);
    expect(plain.body.link).toMatch(/\/shared\/report#[\w-]+\.[\w-]+$/);
    expect(await totalsOf(plain.body.link)).toMatchObject({
      seconds: 5400,
      billableMinor: null,
      costMinor: null,
      profitMinor: null,
    });
    const priced = await share(admin, body.report.id, { withAmounts: true, days: 30 });
    expect(await totalsOf(priced.body.link)).toMatchObject({
      seconds: 5400,
      billableMinor: 150000,
      costMinor: 55000,
    });
    // A week later "last week" is 23–29 Nov.
    clock.advance(7 * 86_400_000);
    expect(await totalsOf(priced.body.link)).toMatchObject({
      seconds: 7200,
      billableMinor: 200000,
      costMinor: 80000,
    });
    clock.advance(-7 * 86_400_000);
  });

  it('links expire, can be revoked, and never show more than their creator may see', async () => {
    const { body } = await save(admin, { name: 'Expiring', spec: lastWeekByMember });
    const short = await share(admin, body.report.id, { days: 1 });
    clock.advance(86_400_000 + 1);
    const expired = await open(short.body.link);
    expect(expired.status).toBe(404);
    expect(((await expired.json()) as { message: string }).message).toContain('expired');
    clock.advance(-86_400_000 - 1);

    const revocable = await share(admin, body.report.id);
    const revoked = await handleRevokeShare(
      post(
        '/sync/report-shares/revoke',
        { workspaceId: workspaceId(), id: revocable.body.id },
        admin.cookie,
      ),
      ctx(),
    );
    expect(revoked.status).toBe(204);
    expect((await open(revocable.body.link)).status).toBe(404);
    expect((await open('https://x.test/shared/report#not-a-token')).status).toBe(404);

    // Asha (Normal) shares her own view: her logs only, and she cannot add amounts.
    const hers = await save(asha, { name: 'My week', spec: lastWeekByMember });
    expect((await share(asha, hers.body.report.id, { withAmounts: true })).status).toBe(403);
    const link = (await share(asha, hers.body.report.id)).body.link;
    expect(await totalsOf(link)).toMatchObject({ seconds: 3600, billableMinor: null });
    const pdf = await open(link, 'pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('mails a weekly report once per week, from the week after it was set, as PDF and CSV', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer(smtp.url, 'Hourmark <reports@hourmark.test>');
    try {
      await save(admin, { name: 'Monday mail', spec: lastWeekByMember, schedule: 'weekly' });
      // Set on Wednesday 25 Nov: nothing goes this week.
      expect(await runDueJobs(database.db, mailer, clock.now)).toBe(0);
      // Monday 30 Nov, 00:30 UTC: the week of 23 Nov is mailed, once.
      const monday = fakeClock(new Date('2026-11-30T00:30:00Z'));
      expect(await runDueJobs(database.db, mailer, monday.now)).toBe(1);
      expect(await runDueJobs(database.db, mailer, monday.now)).toBe(0);
      expect(smtp.inbox).toHaveLength(1);
      const mail = smtp.inbox[0];
      expect(mail?.to).toEqual(['ada.saved@example.com']);
      expect(mail?.subject).toBe('Monday mail: 23 Nov 2026 – 29 Nov 2026');
      const csv = mail?.attachments.find((a) => a.filename.endsWith('.csv'));
      expect(csv?.filename).toBe('hourmark-report-2026-11-23-to-2026-11-29.csv');
      expect(csv?.content.toString('utf8')).toContain(
        'Total,1,2.00,2.00,2000.00,800.00,1200.00,0.00',
      );
      const pdf = mail?.attachments.find((a) => a.filename.endsWith('.pdf'));
      const file = join(mkdtempSync(join(tmpdir(), 'hm-mail-')), 'report.pdf');
      writeFileSync(file, pdf?.content ?? Buffer.alloc(0));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Total\s+2:00:00\s+2:00:00\s+₹2,000.00\s+₹800.00\s+₹1,200.00/);
    } finally {
      await smtp.close();
    }
  });

  it('answers 1,000 junk and half-right requests per endpoint with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(53);
    const junk = [null, 1, -1, 1.5, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(300), 'ghost'];
    const mine = (await save(admin, { name: 'Fuzzed', spec: lastWeekByMember })).body.report.id;
    const hers = (await save(asha, { name: 'Hers', spec: lastWeekByMember })).body.report.id;
    const herLink = (await share(asha, hers)).body;
    const ids = [mine, hers, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
    const workspaces = [workspaceId(), '00000000-0000-4000-8000-000000000000', 'nope'];
    const spec = () =>
      rand() < 0.2
        ? pick(junk)
        : {
            range: pick(['last-week', 'this-month', 'custom', 'yesterday', ...junk]),
            ...(rand() < 0.3 ? { from: pick(['2026-11-01', '2026-02-30', ...junk]) } : {}),
            ...(rand() < 0.3 ? { to: pick(['2026-11-30', '2025-01-01', ...junk]) } : {}),
            ...(rand() < 0.5
              ? { groups: pick([['member'], ['colour'], ['day', 'day'], junk]) }
              : {}),
            ...(rand() < 0.3 ? { projectIds: pick([['pA'], ['ghost'], ['\u0000'], 'pA']) } : {}),
            ...(rand() < 0.3 ? { tags: pick([['design'], [''], ['\uD800'], 3]) } : {}),
            ...(rand() < 0.2 ? { billable: pick(['yes', 'maybe', ...junk]) } : {}),
            ...(rand() < 0.05 ? { colour: 'red' } : {}),
          };
    const body = () =>
      rand() < 0.1
        ? pick(['', '{', 'null', '[]'])
        : JSON.stringify({
            ...(rand() < 0.9 ? { workspaceId: rand() < 0.7 ? pick(workspaces) : pick(junk) } : {}),
            ...(rand() < 0.5 ? { id: pick([...ids, herLink.id, ...junk]) } : {}),
            ...(rand() < 0.7 ? { savedReportId: pick([...ids, ...junk]) } : {}),
            ...(rand() < 0.7 ? { name: pick(['Weekly', ...junk]) } : {}),
            ...(rand() < 0.7 ? { spec: spec() } : {}),
            ...(rand() < 0.6 ? { schedule: pick(['weekly', 'monthly', 'daily', ...junk]) } : {}),
            ...(rand() < 0.6 ? { days: pick([1, 7, 90, 91, 0, ...junk]) } : {}),
            ...(rand() < 0.6 ? { withAmounts: pick([true, false, ...junk]) } : {}),
            ...(rand() < 0.05 ? { extra: 1 } : {}),
          });
    for (const [path, handler] of [
      ['/sync/saved-reports', handleSaveReport],
      ['/sync/saved-reports/delete', handleDeleteSavedReport],
      ['/sync/report-shares', handleCreateShare],
      ['/sync/report-shares/revoke', handleRevokeShare],
    ] as const) {
      for (let i = 0; i < 1000; i += 1) {
        const sent = body();
        const res = await handler(
          post(path, sent, rand() < 0.7 ? admin.cookie : asha.cookie),
          ctx(),
        );
        expect(res.status, `${path} #${i}: ${sent.slice(0, 120)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
    const token = new URL(herLink.link).hash.slice(1);
    const tokens = [token, `${token}x`, token.split('.')[0] ?? '', '%00', 'a'.repeat(500), ''];
    for (let i = 0; i < 1000; i += 1) {
      const query = [
        rand() < 0.9 ? `token=${pick(tokens)}` : '',
        rand() < 0.5 ? `format=${pick(['json', 'csv', 'xlsx', 'pdf', 'docx', ''])}` : '',
        rand() < 0.3 ? `paper=${pick(['a4', 'letter', 'a3'])}` : '',
      ].join('&');
      const res = await handleSharedReport(get(`/shared-report?${query}`), ctx());
      expect(res.status, `#${i}: ${query}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  }, 300_000);

  it.runIf(driver.name === 'PostgreSQL')(
    'two server processes on one PostgreSQL send each scheduled mail exactly once',
    async () => {
      const smtp = await startSmtp();
      try {
        for (let i = 1; i <= 6; i += 1)
          await save(admin, { name: `Monthly ${i}`, spec: lastWeekByMember, schedule: 'monthly' });
        // Tuesday 1 Dec: each monthly report is due; both processes race for them.
        const run = () =>
          new Promise<{ finished: number }>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              [
                '--import',
                'tsx',
                'tests/server/run-jobs.ts',
                url ?? '',
                smtp.url,
                '2026-12-01T06:00:00Z',
              ],
              { stdio: ['ignore', 'pipe', 'inherit'] },
            );
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.on('error', reject);
            child.on('close', (code) =>
              code === 0
                ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { finished: number })
                : reject(new Error(`exit ${code}`)),
            );
          });
        const [a, b] = await Promise.all([run(), run()]);
        const monthly = smtp.inbox.filter((m) => m.subject.startsWith('Monthly '));
        expect(monthly.map((m) => m.subject.split(':')[0]).sort()).toEqual([
          'Monthly 1',
          'Monthly 2',
          'Monthly 3',
          'Monthly 4',
          'Monthly 5',
          'Monthly 6',
        ]);
        // The weekly report set earlier is due that day too (the week of 30 Nov began).
        expect((a?.finished ?? 0) + (b?.finished ?? 0)).toBe(smtp.inbox.length);
      } finally {
        await smtp.close();
      }
    },
    60_000,
  );
});
