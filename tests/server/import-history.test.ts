import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleDraftInvoice, handleUninvoiced } from '../../src/server/api/invoice-handlers';
import {
  handleImport,
  handleStartImport,
  handleUndoImport,
} from '../../src/server/api/import-run-handlers';
import { handleReport } from '../../src/server/api/report-handlers';
import type { Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
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

// History kept by the import job (issue 32): what the old tool said about each row. Harvest's
// Approved? decides a row's status on a project with approval, its Cost Rate becomes a new
// member's labour rate (and their logs' cost); Clockify's and Harvest's Invoiced rows are
// imported as invoiced outside Hourmark, so Uninvoiced never offers them and no draft takes
// them, while reports still count them. Figures from tests/fixtures/import, worked by hand.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);

interface LogRow {
  desc: string;
  status: string;
  elsewhere: string | null;
  seconds: number | string;
  billable_minor: number | string;
  cost_minor: number | string;
}

describe.each(drivers)('history kept by the import job, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  const ws = () => admin.workspace.id;
  const pushed = pusher(() => database, ws, clock);
  const push = () => pushed;
  let harvestId = '';
  let clockifyId = '';

  const imported = async (name: string, choices: unknown) => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(fixture(name))], name));
    body.set('choices', JSON.stringify(choices));
    const res = await handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${ws()}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body,
      }),
      context(database, clock),
    );
    const text = await res.text();
    expect(res.status, text).toBe(202);
    const { id } = (JSON.parse(text) as { import: { id: string } }).import;
    expect(await runDueJobs(database.db, mailOff, clock.now)).toBe(1);
    const done = await handleImport(
      new Request(`https://hourmark.test/api/imports/${id}`, {
        headers: { cookie: admin.cookie },
      }),
      context(database, clock),
    );
    const view = (
      (await done.json()) as {
        import: { id: string; status: string; result: { logs: number; seconds: number } };
      }
    ).import;
    expect(view.status).toBe('done');
    return view;
  };
  const uninvoiced = async () => {
    const res = await handleUninvoiced(
      new Request(
        `https://hourmark.test/api/uninvoiced?workspace=${ws()}&from=2026-10-01&to=2026-10-31`,
        { headers: { cookie: admin.cookie } },
      ),
      context(database, clock),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as {
      clients: { clientName: string; projects: Record<string, unknown>[] }[];
      withoutClient: unknown[];
    };
  };
  const logs = () =>
    rows<LogRow>(
      database.db,
      sql`SELECT data->>'desc' AS desc, data->>'status' AS status, data->>'invoicedElsewhere' AS elsewhere,
        seconds, billable_minor, cost_minor
      FROM time_logs WHERE workspace_id = ${ws()} AND NOT deleted
      ORDER BY data->>'date', data->>'desc', seconds`,
    );
  const shown = (l: LogRow) =>
    `${l.desc.replace(/<[^>]+>/g, '') || '-'} ${l.status}${l.elsewhere === 'true' ? ' elsewhere' : ''} ${Number(l.seconds)} s, billed ${Number(l.billable_minor)}, cost ${Number(l.cost_minor)}`;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
    const { ok } = push();
    await ok(admin, 'createClient', { id: 'c-acme', fields: clientFields('Acme Foods') });
    // Bills 100 an hour, no rounding, and asks for approval.
    await ok(admin, 'createProject', {
      id: 'p-web',
      fields: {
        ...projectFields('Website Redesign', 'c-acme'),
        billamount: 100,
        rounding: 'false',
        approval: true,
      },
    });
  });
  afterAll(async () => drop());

  it('approves the rows Harvest says were approved, keeps the invoiced one off Uninvoiced, and gives Ana her cost rate', async () => {
    // History left pending where the file does not say it was approved (issue 47's choice off).
    const done = await imported('harvest-time-report.csv', { approveHistory: false });
    harvestId = done.id;
    // 2.5 h + 0.76 h + 0.5 h + 2.75 h: 9000 + 2736 + 1800 + 9900 s
    expect(done.result).toMatchObject({ logs: 4, seconds: 23436 });
    const ana = await rows<{ name: string; rate: number | string }>(
      database.db,
      sql`SELECT data->>'name' AS name, data->>'LoborRate' AS rate FROM members WHERE workspace_id = ${ws()} AND data->>'name' = 'Ana Novak'`,
    );
    // Ana's Cost Rate on her latest row (6 October): 40.
    expect(ana.map((m) => [m.name, Number(m.rate)])).toEqual([['Ana Novak', 40]]);
    expect((await logs()).map(shown)).toEqual([
      // Approved? Yes on a project with approval: approved. 9000 s at 100 → 250.00; at 40 → 100.00.
      'Homepage wireframes approved 9000 s, billed 25000, cost 10000',
      // Invoiced? Yes: invoiced outside Hourmark. 2736 s at 100 → 76.00; at 40 → 30.40.
      'Menu page, second pass approved elsewhere 2736 s, billed 7600, cost 3040',
      // Internal was created by the import (no approval): approved; not billable; 1800 s at 40.
      '- approved 1800 s, billed 0, cost 2000',
      // Approved? No: pending. Bo is me, whose labour rate (0) the file does not change.
      'Release night pending 9900 s, billed 27500, cost 0',
    ]);
    // Only the wireframes are approved, billable and not invoiced anywhere.
    expect(await uninvoiced()).toEqual({
      clients: [
        {
          clientId: 'c-acme',
          clientName: 'Acme Foods',
          projects: [
            {
              projectId: 'p-web',
              projectName: 'Website Redesign',
              logs: 1,
              billableSeconds: 9000,
              billableMinor: 25000,
              expensesMinor: 0,
            },
          ],
        },
      ],
      withoutClient: [],
      // Release night (2:45, 275.00) waits for approval: Uninvoiced says so (issue 47).
      waitingForApproval: {
        logs: 1,
        billableSeconds: 9900,
        billableMinor: 27500,
        firstDay: '2026-10-06',
      },
      // The wireframes' day, where "up to today" starts.
      firstDay: '2026-10-05',
    });
  });

  it('does not offer an invoiced Clockify row on Uninvoiced nor put it on a draft', async () => {
    const { ok } = push();
    // Approval off, so Clockify's rows (which say nothing of it) are approved.
    await ok(admin, 'updateProject', { id: 'p-web', changes: { approval: false } });
    const [ana] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM members WHERE workspace_id = ${ws()} AND data->>'name' = 'Ana Novak'`,
    );
    const done = await imported('clockify-detailed.csv', {
      dateFormat: 'MM/DD/YYYY',
      people: [{ email: 'ana@studio.test', as: 'member', memberId: ana?.id }],
    });
    clockifyId = done.id;
    // 2:30:00 + 0:45:30 + 0:30:00 + 2:45:00 + 0:15:00
    expect(done.result).toMatchObject({ logs: 5, seconds: 24330 });
    const menu = (await logs()).filter((l) => l.desc.includes('Menu page'));
    // Clockify's Menu page row (Invoiced Yes): 2730 s at 100 → 75.83, at Ana's 40 → 30.33.
    expect(menu.map(shown)).toEqual([
      'Menu page, second pass approved elsewhere 2730 s, billed 7583, cost 3033',
      'Menu page, second pass approved elsewhere 2736 s, billed 7600, cost 3040',
    ]);
    // Harvest's wireframes (9000 s) and Clockify's wireframes (9000 s) and Release night
    // (9900 s); not the two Menu page rows (invoiced elsewhere), nor Harvest's pending one.
    const open = await uninvoiced();
    expect(open.clients.map((c) => [c.clientName, c.projects])).toEqual([
      [
        'Acme Foods',
        [
          {
            projectId: 'p-web',
            projectName: 'Website Redesign',
            logs: 3,
            billableSeconds: 27900,
            billableMinor: 77500,
            expensesMinor: 0,
          },
        ],
      ],
    ]);
    // Reports count them: every log of October, the invoiced ones as invoiced.
    const report = async (invoiced: string) => {
      const res = await handleReport(
        new Request(
          `https://hourmark.test/api/report?workspace=${ws()}&from=2026-10-01&to=2026-10-31&invoiced=${invoiced}`,
          { headers: { cookie: admin.cookie } },
        ),
        context(database, clock),
      );
      expect(res.status).toBe(200);
      const { totals } = (await res.json()) as { totals: { logs: number; seconds: number } };
      return [totals.logs, totals.seconds];
    };
    // Harvest's 23436 s and Clockify's 24330 s; invoiced elsewhere: 2736 + 2730 s.
    expect(await report('any')).toEqual([9, 47766]);
    expect(await report('yes')).toEqual([2, 5466]);
    expect(await report('no')).toEqual([7, 42300]);
    const draft = await handleDraftInvoice(
      new Request('https://hourmark.test/api/invoices', {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          workspaceId: ws(),
          clientId: 'c-acme',
          from: '2026-10-01',
          to: '2026-10-31',
        }),
      }),
      context(database, clock),
    );
    expect(draft.status).toBe(201);
    const onDraft = await rows<{ desc: string; seconds: number | string }>(
      database.db,
      sql`SELECT l.data->>'desc' AS desc, l.seconds FROM invoice_logs il
        JOIN time_logs l ON l.workspace_id = il.workspace_id AND l.id = il.log_id
        WHERE il.workspace_id = ${ws()} ORDER BY l.seconds`,
    );
    expect(onDraft.map((l) => Number(l.seconds))).toEqual([9000, 9000, 9900]);
    // Nothing left to bill, though 5,466 s of it was invoiced elsewhere.
    expect((await uninvoiced()).clients).toEqual([]);
  });

  it('lets an Admin edit a log invoiced elsewhere, and only an Admin mark or unmark it', async () => {
    const { ok, refusal } = push();
    const [menu] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM time_logs WHERE workspace_id = ${ws()} AND seconds = 2736`,
    );
    const id = menu?.id ?? '';
    // An hour after the import, so undo sees the log was changed since.
    clock.advance(3_600_000);
    await ok(admin, 'updateTimeLog', { id, changes: { desc: '<p>Menu page, final</p>' } });
    await ok(admin, 'createMember', { id: 'm-cy', fields: teamMember('Cy', 'Manager') });
    const manager = await joinWorkspace(
      database,
      ws(),
      { name: 'Cy', email: 'cy@agency.test' },
      'Manager',
      'm-cy',
      clock,
    );
    expect(
      await refusal(manager, 'updateTimeLog', { id, changes: { invoicedElsewhere: false } }),
    ).toBe('Only an Admin marks a log as invoiced outside Hourmark.');
    await ok(admin, 'updateTimeLog', { id, changes: { invoicedElsewhere: false } });
    const [after] = await rows<{ elsewhere: string | null; desc: string }>(
      database.db,
      sql`SELECT data->>'invoicedElsewhere' AS elsewhere, data->>'desc' AS desc FROM time_logs WHERE id = ${id}`,
    );
    expect(after).toEqual({ elsewhere: 'false', desc: '<p>Menu page, final</p>' });
  });

  it('undo removes exactly the logs and members the imports created', async () => {
    const undo = (importId: string) =>
      handleUndoImport(
        new Request(`https://hourmark.test/api/imports/${importId}/undo`, {
          method: 'POST',
          headers: { cookie: admin.cookie },
        }),
        context(database, clock),
      );
    // The draft of the test above goes first, so nothing holds the logs.
    await database.db.execute(sql`DELETE FROM invoice_logs WHERE workspace_id = ${ws()}`);
    await database.db.execute(sql`DELETE FROM invoices WHERE workspace_id = ${ws()}`);
    expect((await undo(clockifyId)).status).toBe(200);
    // Harvest's four logs stay (one edited above).
    expect((await logs()).map((l) => Number(l.seconds))).toEqual([9000, 2736, 1800, 9900]);
    expect((await undo(harvestId)).status).toBe(200);
    // The edited Menu page log is kept, as undo keeps any log changed since.
    expect((await logs()).map((l) => Number(l.seconds))).toEqual([2736]);
  });
});
