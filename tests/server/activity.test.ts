import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleReportExport } from '../../src/server/api/report-handlers';
import { handleActivity } from '../../src/server/api/activity-handler';
import type { Database } from '../../src/server/db/connect';
import { activitySentence } from '../../src/lib/activity-text';
import type { ActivityEvent } from '../../src/lib/activity';
import { issueFor, membershipByEmail } from './invoice-support';
import { seedReportWeek, signUpAda } from './report-week';
import { context, drivers, fakeClock, get } from './support';
import { projectFields, pusher, timeLogFields, type SignedUp } from './workspace-support';

// Activity read from the change history: Ada (Admin) adds the week's six logs
// (tests/server/report-week.ts), edits L3; Asha adds L7 on a project that asks for approval and
// submits it, Ada rejects it with a note, then issues Acme's invoice for the week.

describe.each(drivers)('Activity from the change history on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: SignedUp;
  let asha: SignedUp;
  let invoiceNumber = '';
  const ctx = () => context(database, clock);
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  async function activity(who: SignedUp, query = '') {
    const res = await handleActivity(
      get(`/sync/activity?workspace=${admin.workspace.id}${query}`, who.cookie),
      ctx(),
    );
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: ActivityEvent[] };
    return events.map((event) => activitySentence(event));
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUpAda(database, 'ada.activity@example.com', clock);
    asha = await seedReportWeek(database, ok, clock, admin, 'asha.activity@example.com');
    clock.advance(60_000);
    await ok(admin, 'updateTimeLog', {
      id: 'L3',
      changes: { desc: '<p>Fixed the form</p>', dur: 4800 },
    });
    await ok(admin, 'createProject', {
      id: 'pD',
      fields: { ...projectFields('Review', 'c1'), approval: true, memberIds: ['m1'] },
    });
    clock.advance(60_000);
    await ok(asha, 'addTimeLog', {
      id: 'L7',
      fields: { ...timeLogFields('2026-11-19', 'pD', 1800), memberId: 'm1', status: 'pending' },
    });
    await ok(asha, 'submitWeek', { logIds: ['L7'] });
    clock.advance(60_000);
    await ok(admin, 'reviewLogs', { logIds: ['L7'], decision: 'reject', note: 'Split by task' });
    const ada = await membershipByEmail(database, 'ada.activity@example.com', admin.workspace.id);
    const invoice = await issueFor(
      database,
      ada,
      { clientId: 'c1', from: '2026-11-16', to: '2026-11-22' },
      '2026-11-22',
      clock.now(),
    );
    invoiceNumber = invoice.number ?? '';
  });
  afterAll(async () => drop());

  it('says what happened and who did it, newest first', async () => {
    const said = await activity(admin);
    expect(invoiceNumber).not.toBe('');
    expect(said.slice(0, 5)).toEqual([
      `Ada issued invoice ${invoiceNumber}`,
      'Ada rejected Asha’s 0:30 on Review for 19 Nov 2026 (“Split by task”)',
      'Asha submitted Asha’s 0:30 on Review for 19 Nov 2026',
      'Asha created Asha’s 0:30 on Review for 19 Nov 2026',
      // L3 was 4500 s; now 4800 s = 1:20.
      'Ada edited Asha’s 1:20 on Support for 18 Nov 2026: description, duration',
    ]);
    expect(said).toContain('Ada created Bilal’s 1:30 on Website · Homepage for 17 Nov 2026');
    // Six logs created, one edited, L7 created, submitted and rejected, one invoice issued.
    expect(said).toHaveLength(11);
  });

  it('a Normal member reads only what happened to her own logs, and no invoices', async () => {
    const said = await activity(asha);
    expect(said.some((s) => s.includes('Bilal') || s.includes('invoice'))).toBe(false);
    // L1, L3, L5, L6 and L7 created, L3 edited, L7 submitted and rejected.
    expect(said).toHaveLength(8);
  });

  it('one member’s Activity holds their logs only', async () => {
    expect(await activity(admin, '&member=m2')).toEqual([
      'Ada created Bilal’s 0:33 on Support for 20 Nov 2026',
      'Ada created Bilal’s 1:30 on Website · Homepage for 17 Nov 2026',
    ]);
  });

  it('exports the Activity of some days as CSV, worded as on screen', async () => {
    const csv = async (query: string) => {
      const res = await handleReportExport(
        get(
          `/sync/report-export?workspace=${admin.workspace.id}&kind=activity&format=csv${query}`,
          admin.cookie,
        ),
        ctx(),
      );
      expect(res.status).toBe(200);
      const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
      return Papa.parse<string[]>(text.slice(1), { newline: '\r\n' }).data;
    };
    // Everything happened on 22 Nov from 10:00 UTC, a minute apart: the invoice at 10:03.
    const rows = await csv('&from=2026-11-22&to=2026-11-22');
    expect(rows[0]).toEqual(['When (UTC)', 'Who', 'What', 'What happened']);
    expect(rows[1]).toEqual([
      '2026-11-22 10:03',
      'Ada',
      'invoiced',
      `Ada issued invoice ${invoiceNumber}`,
    ]);
    expect(rows).toHaveLength(12);
    expect((await csv('&from=2026-11-22&to=2026-11-22&member=m2')).slice(1)).toEqual([
      ['2026-11-22 10:00', 'Ada', 'created', 'Ada created Bilal’s 0:33 on Support for 20 Nov 2026'],
      [
        '2026-11-22 10:00',
        'Ada',
        'created',
        'Ada created Bilal’s 1:30 on Website · Homepage for 17 Nov 2026',
      ],
    ]);
    // Nothing happened on 23 Nov: the heading alone.
    const none = await csv('&from=2026-11-23&to=2026-11-23');
    expect(none.filter((r) => r.some(Boolean))).toEqual([
      ['When (UTC)', 'Who', 'What', 'What happened'],
    ]);
  });
});
