import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview } from '../../src/server/api/import-handlers';
import { handleSaveInvoiceSettings, handleUninvoiced } from '../../src/server/api/invoice-handlers';
import {
  handleImport,
  handleStartImport,
  handleUndoImport,
} from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import type { ImportPreview } from '../../src/lib/import/shapes';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock, post } from './support';
import { clientFields, projectFields, pusher, signUp, type SignedUp } from './workspace-support';

// Issue 47, points 1 and 2: an import keeps the money of billable history on the projects it
// creates (their rate is what the file's amounts imply, shown in the preview and changeable
// there), tells a workspace in another currency, and imports history on projects that ask for
// approval as approved unless the person says not to (audited); Uninvoiced says what it leaves
// out because it waits for approval. Figures from tests/fixtures/import, worked by hand.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);

interface LogRow {
  desc: string;
  status: string;
  billable: string;
  seconds: number | string;
  billable_minor: number | string;
}

describe.each(drivers)('billing and approval kept by an import, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-28T10:00:00Z'));
  let admin: SignedUp;
  const ws = () => admin.workspace.id;
  const pushed = pusher(
    () => database,
    () => ws(),
    clock,
  );

  const preview = async (name: string) => {
    const res = await handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${ws()}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
        body: new Uint8Array(fixture(name)),
      }),
      context(database, clock),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { preview: ImportPreview }).preview;
  };
  const start = (name: string, choices: unknown) => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(fixture(name))], name));
    body.set('choices', JSON.stringify(choices));
    return handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${ws()}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body,
      }),
      context(database, clock),
    );
  };
  const imported = async (name: string, choices: unknown) => {
    const res = await start(name, choices);
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
    const view = ((await done.json()) as { import: { id: string; status: string } }).import;
    expect(view.status).toBe('done');
    return view.id;
  };
  const undo = async (id: string) => {
    const res = await handleUndoImport(
      new Request(`https://hourmark.test/api/imports/${id}/undo`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
      }),
      context(database, clock),
    );
    expect(res.status).toBe(200);
  };
  const uninvoiced = async () => {
    const res = await handleUninvoiced(
      new Request(
        `https://hourmark.test/api/uninvoiced?workspace=${ws()}&from=2026-11-01&to=2026-11-30`,
        { headers: { cookie: admin.cookie } },
      ),
      context(database, clock),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      clients: { clientName: string; projects: { projectName: string }[] }[];
      waitingForApproval: {
        logs: number;
        billableSeconds: number;
        billableMinor: number;
        firstDay: string | null;
      };
    };
    return {
      projects: body.clients.flatMap((c) =>
        c.projects.map((p) => ({ client: c.clientName, ...p, projectId: undefined })),
      ),
      waiting: body.waitingForApproval,
    };
  };
  const logs = async () =>
    (
      await rows<LogRow>(
        database.db,
        sql`SELECT data->>'desc' AS desc, data->>'status' AS status, data->>'billable' AS billable,
          seconds, billable_minor
        FROM time_logs WHERE workspace_id = ${ws()} AND NOT deleted ORDER BY data->>'date'`,
      )
    ).map(
      (l) =>
        `${l.desc.replace(/<[^>]+>/g, '')} ${l.status} billable=${l.billable} ${Number(l.seconds)} s ${Number(l.billable_minor)}`,
    );
  const portal = async () =>
    (
      await rows<{ billable: string; rate: number | string }>(
        database.db,
        sql`SELECT data->>'billable' AS billable, data->>'billamount' AS rate FROM projects
          WHERE workspace_id = ${ws()} AND NOT deleted AND data->>'projectName' = 'Portal Relaunch'`,
      )
    ).map((p) => ({ billable: p.billable, rate: Number(p.rate) }));

  describe('an agency in EUR', () => {
    beforeAll(async () => {
      ({ database, drop } = await driver.fresh());
      admin = await signUp(database, { name: 'Anna Weber', email: 'anna@agency.test' }, clock);
      const saved = await handleSaveInvoiceSettings(
        post(
          '/sync/invoice-settings',
          {
            workspaceId: ws(),
            companyName: 'Weber Digital',
            address: 'Holstenstraße 1, Kiel',
            taxNumber: '',
            country: 'DE',
            currency: 'EUR',
            numberPattern: '{YYYY}-{SEQ:4}',
            counter: 'yearly',
            paymentTermsDays: 14,
            note: '',
          },
          admin.cookie,
        ),
        context(database, clock),
      );
      expect(saved.status).toBe(200);
      const { ok } = pushed;
      await ok(admin, 'createClient', { id: 'c-kiel', fields: clientFields('Stadtwerke Kiel') });
      // Wartung bills 95 an hour, no rounding, and asks for approval.
      await ok(admin, 'createProject', {
        id: 'p-wartung',
        fields: {
          ...projectFields('Wartung', 'c-kiel'),
          billamount: 95,
          rounding: 'false',
          approval: true,
        },
      });
    });
    afterAll(async () => drop());

    it('previews the rate each new project gets from the file, and the rows that would wait for approval', async () => {
      const seen = await preview('toggl-agency-eur.csv');
      // 360.00 + 180.00 + 213.75 + 190.00
      expect(seen.amounts.fileMinor).toBe(94375);
      expect(seen.currencyNotice).toBeNull();
      // Portal Relaunch: 540.00 over 3:00 + 1:30 billable = 120.00 an hour. Wartung is found.
      expect(seen.newProjectRates).toEqual([
        {
          client: 'Stadtwerke Kiel',
          project: 'Portal Relaunch',
          rate: 120,
          seconds: 16200,
          fileMinor: 54000,
          people: [],
        },
      ]);
      expect(seen.history.needApproval).toBe(2);
    });

    it('keeps every billable row’s money and imports the history approved, in the audit log', async () => {
      const id = await imported('toggl-agency-eur.csv', {});
      expect(await portal()).toEqual([{ billable: 'project', rate: 120 }]);
      expect(await logs()).toEqual([
        // Ravi, 1 Nov, 3:00 at 120.00: 360.00, as the file says (it came in at 0.00).
        'Kick-off workshop approved billable=true 10800 s 36000',
        'Wireframes approved billable=true 5400 s 18000',
        'Team call approved billable=false 1800 s 0',
        // Wartung asks for approval: approved by the import's default; its own 95 an hour.
        'Server update approved billable=true 8100 s 21375',
        'Backup check approved billable=true 7200 s 19000',
      ]);
      const audited = await rows<{ rules: string; reason: string }>(
        database.db,
        sql`SELECT rules, reason FROM audit_log WHERE workspace_id = ${ws()} AND kind = 'timeLog'`,
      );
      expect(audited.map((a) => [a.rules, a.reason])).toEqual([
        [
          'approved',
          'Imported as approved: history agreed in the other tool (the import’s “Import as approved” choice).',
        ],
        [
          'approved',
          'Imported as approved: history agreed in the other tool (the import’s “Import as approved” choice).',
        ],
      ]);
      expect(await uninvoiced()).toEqual({
        projects: [
          {
            client: 'Stadtwerke Kiel',
            projectName: 'Portal Relaunch',
            logs: 2,
            billableSeconds: 16200,
            billableMinor: 54000,
            expensesMinor: 0,
          },
          {
            client: 'Stadtwerke Kiel',
            projectName: 'Wartung',
            logs: 2,
            billableSeconds: 15300,
            billableMinor: 40375,
            expensesMinor: 0,
          },
        ],
        waiting: { logs: 0, billableSeconds: 0, billableMinor: 0, firstDay: null },
      });
      await undo(id);
    });

    it('takes the person’s own rate, and leaves history pending when asked; Uninvoiced says what waits', async () => {
      await imported('toggl-agency-eur.csv', {
        approveHistory: false,
        projectRates: [{ client: 'Stadtwerke Kiel', project: 'Portal Relaunch', rate: 110 }],
      });
      expect(await portal()).toEqual([{ billable: 'project', rate: 110 }]);
      expect(await logs()).toEqual([
        // 3:00 and 1:30 at 110.00: 330.00 and 165.00.
        'Kick-off workshop approved billable=true 10800 s 33000',
        'Wireframes approved billable=true 5400 s 16500',
        'Team call approved billable=false 1800 s 0',
        'Server update pending billable=true 8100 s 21375',
        'Backup check pending billable=true 7200 s 19000',
      ]);
      // 2:15 + 2:00 = 4:15, 213.75 + 190.00 = 403.75 wait for approval.
      expect(await uninvoiced()).toEqual({
        projects: [
          {
            client: 'Stadtwerke Kiel',
            projectName: 'Portal Relaunch',
            logs: 2,
            billableSeconds: 16200,
            billableMinor: 49500,
            expensesMinor: 0,
          },
        ],
        // Wartung's two rows, from 4 Nov.
        waiting: { logs: 2, billableSeconds: 15300, billableMinor: 40375, firstDay: '2026-11-04' },
      });
    });

    it('refuses a rate for a project the import does not create, and a rate below 0, writing nothing', async () => {
      const before = await logs();
      const found = await start('toggl-agency-eur.csv', {
        projectRates: [{ client: 'Stadtwerke Kiel', project: 'Wartung', rate: 80 }],
      });
      expect(found.status).toBe(422);
      expect(await found.json()).toMatchObject({ error: 'unknown_project' });
      const negative = await start('toggl-agency-eur.csv', {
        projectRates: [{ client: 'Stadtwerke Kiel', project: 'Portal Relaunch', rate: -5 }],
      });
      expect(negative.status).toBe(400);
      expect(await negative.json()).toMatchObject({
        error: 'invalid_request',
        fields: { 'choices.projectRates.0.rate': 'Enter a rate of 0 or more' },
      });
      expect(await logs()).toEqual(before);
    });
  });

  describe('solidtime’s Toggl test file, in a workspace billing in INR', () => {
    beforeAll(async () => {
      ({ database, drop } = await driver.fresh());
      admin = await signUp(
        database,
        { name: 'Peter Tester', email: 'peter.test@email.test' },
        clock,
      );
    });
    afterAll(async () => drop());

    it('tells of the other currency before importing, and keeps the 111.11', async () => {
      const seen = await preview('toggl-solidtime-billable.csv');
      expect(seen.currencyNotice).toBe(
        "The file's amounts are in EUR, and this workspace bills in INR. Nothing is converted: the rates below would bill as the same numbers in INR. Change them before importing if they should differ.",
      );
      // 111.11 over 1:00:01 (3601 s): 111.0791… an hour, 111.08 to the cent.
      expect(seen.newProjectRates).toEqual([
        {
          client: 'Big Company',
          project: 'Project for Big Company',
          rate: 111.08,
          seconds: 3601,
          fileMinor: 11111,
          people: [],
        },
      ]);
      await imported('toggl-solidtime-billable.csv', {});
      // 3601 s at 111.08: 11111.085 minor units, 111.11 rounded.
      expect(await logs()).toEqual(['Working hard approved billable=true 3601 s 11111']);
    });
  });
});
