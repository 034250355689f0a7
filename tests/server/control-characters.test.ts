import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readXlsxFile from 'read-excel-file/node';
import xpath from 'xpath';
import { handleRegister } from '../../src/server/api/handlers';
import {
  handleDraftInvoice,
  handleInvoicePdf,
  handleInvoiceUbl,
  handleIssueInvoice,
  handleSaveInvoiceSettings,
  handleUpdateDraft,
} from '../../src/server/api/invoice-handlers';
import { handleReportExport } from '../../src/server/api/report-handlers';
import { handleSaveReport } from '../../src/server/api/saved-report-handlers';
import { handleSupportMessage } from '../../src/server/api/support-handler';
import { handleCreateWorkspace } from '../../src/server/api/sync-handlers';
import { handleSaveTeam } from '../../src/server/api/team-handlers';
import { handleSaveWorkspaceSettings } from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import type { HandlerContext } from '../../src/server/api/handlers';
import { context, drivers, fakeClock, freshAddress, get, post } from './support';
import { clientFields, projectFields, pusher, signUp, timeLogFields } from './workspace-support';

// Issue 24, point 6: U+0001 in a client's address made the UBL and Factur-X e-invoices
// unreadable XML. Text with a C0 control other than tab, LF and CR, or with U+FFFE or U+FFFF,
// is refused wherever it is written, beside its field; what was stored before the rule is
// written into e-invoices without those characters.

const MESSAGE =
  'Contains invisible control characters, often from pasted text: type it again without them';

// XML 1.0's Char production (section 2.2): a document with any other character is not
// well-formed, though xmldom parses it without a word.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** The first character of `xml` that XML 1.0 does not allow, as U+XXXX, or '' when none. */
function notXml(xml: string): string {
  const found = NOT_XML_CHAR.exec(xml)?.[0]?.codePointAt(0);
  return found === undefined ? '' : `U+${found.toString(16).toUpperCase().padStart(4, '0')}`;
}

const ubl = xpath.useNamespaces({
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
});
const ram = xpath.useNamespaces({
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
});

describe.each(drivers)('control characters on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  const ctx = () => context(database, clock, freshAddress());
  const { ok, pushAs } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.controls@example.com' }, clock);
  });
  afterAll(async () => drop());

  it('refuses them in a pushed change, naming the field, and keeps tab and line breaks', async () => {
    const bolt = { ...clientFields('Bolt'), address: '2 Market\u0001 Street' };
    expect(await pushAs(admin, 'createClient', { id: 'bolt', fields: bolt })).toMatchObject({
      outcome: 'refused',
      reason: 'invalid_args',
      message: `fields.address: ${MESSAGE}`,
    });
    await ok(admin, 'createClient', {
      id: 'bolt',
      fields: { ...bolt, address: '2 Market Street\r\n\tPune' },
    });
    expect(
      await pushAs(admin, 'updateClient', { id: 'bolt', changes: { contactPerson: 'Ravi\uFFFF' } }),
    ).toMatchObject({ outcome: 'refused', message: `changes.contactPerson: ${MESSAGE}` });
  });

  it('refuses them in request bodies with 400 and the message beside the field', async () => {
    const workspaceId = admin.workspace.id;
    const cases: [string, (r: Request, c: HandlerContext) => Promise<Response>, object, string][] =
      [
        [
          '/sync/invoice-settings',
          handleSaveInvoiceSettings,
          {
            workspaceId,
            companyName: 'Ada Studio',
            address: '2 Lake Road\u0002, Pune',
            taxNumber: '',
            currency: 'INR',
            numberPattern: 'INV-{YY}-{SEQ:3}',
            counter: 'yearly',
            paymentTermsDays: 15,
            note: '',
          },
          'address',
        ],
        [
          '/sync/workspace-settings',
          handleSaveWorkspaceSettings,
          {
            workspaceId,
            name: 'Ada\u001B Studio',
            managersSeeAmounts: false,
            timeZone: 'UTC',
            weekStart: 1,
            lockedUpTo: null,
            autoLock: null,
          },
          'name',
        ],
        [
          '/sync/teams',
          handleSaveTeam,
          { workspaceId, name: 'Des\u000Cign', memberIds: [], leadIds: [] },
          'name',
        ],
        [
          '/sync/saved-reports',
          handleSaveReport,
          { workspaceId, name: 'Weekly\u0007', spec: { range: 'this-week' }, schedule: null },
          'name',
        ],
        ['/sync/workspaces', handleCreateWorkspace, { name: 'Second\u0000' }, 'name'],
        [
          '/support/messages',
          handleSupportMessage,
          { topic: 'Other', message: 'Hello\u0008', name: '', email: 'asha@example.com' },
          'message',
        ],
        [
          '/user/register',
          handleRegister,
          { name: 'Ravi\u0001', email: 'ravi.controls@example.com', password: 'a good password' },
          'name',
        ],
      ];
    for (const [path, handle, body, field] of cases) {
      const res = await handle(post(path, body, admin.cookie), ctx());
      expect([path, res.status, await res.json()]).toEqual([
        path,
        400,
        {
          error: 'invalid_request',
          message: 'Some fields are missing or invalid.',
          fields: { [field]: MESSAGE },
        },
      ]);
    }
  });

  it('writes well-formed e-invoices and report spreadsheets for data stored with them before the rule', async () => {
    await ok(admin, 'createClient', {
      id: 'old',
      fields: { ...clientFields('Old Client'), email: 'ap@old.example', country: 'DE' },
    });
    await ok(admin, 'createProject', {
      id: 'web',
      fields: { ...projectFields('Website', 'old'), billamount: 1000, rounding: 'false' },
    });
    await ok(admin, 'addTimeLog', {
      id: 'L1',
      fields: { ...timeLogFields('2026-11-17', 'web', 3600), exp: 0 },
    });
    // As an older version stored them, past today's write schemas.
    await database.db.execute(
      sql`UPDATE clients SET data = data || ${JSON.stringify({
        name: 'Old\u0001 Client',
        address: '2 Market\u0001 Street\u000B\nBerlin\uFFFF',
      })}::jsonb WHERE workspace_id = ${admin.workspace.id} AND id = 'old'`,
    );
    await database.db.execute(
      sql`UPDATE projects SET data = data || ${JSON.stringify({ projectName: 'Web\u001Fsite' })}::jsonb WHERE workspace_id = ${admin.workspace.id} AND id = 'web'`,
    );
    // An invoice that charges tax names the seller's tax number (EN 16931 BR-S-02, issue 27).
    await database.db.execute(
      sql`UPDATE workspaces SET invoice_settings = invoice_settings || '{"taxNumber": "27AAPFU0939F1ZV"}'::jsonb WHERE id = ${admin.workspace.id}`,
    );
    const drafted = await handleDraftInvoice(
      post(
        '/sync/invoices',
        { workspaceId: admin.workspace.id, clientId: 'old', from: '2026-11-16', to: '2026-11-22' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(drafted.status).toBe(201);
    const { invoice } = (await drafted.json()) as { invoice: { id: string } };
    const issued = await handleIssueInvoice(
      post(
        '/sync/invoices/issue',
        { workspaceId: admin.workspace.id, id: invoice.id, issueDate: '2026-11-24' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(issued.status).toBe(200);

    const written = await handleInvoiceUbl(
      get(`/sync/invoice-ubl?workspace=${admin.workspace.id}&id=${invoice.id}`, admin.cookie),
      ctx(),
    );
    expect(written.status).toBe(200);
    const xml = await written.text();
    expect(notXml(xml)).toBe('');
    const doc = new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(xml, 'text/xml') as unknown as Node;
    const texts = (path: string) => (ubl(path, doc) as Node[]).map((n) => n.textContent ?? '');
    const buyer = '//cac:AccountingCustomerParty/cac:Party/';
    expect(texts(`${buyer}cac:PostalAddress/cbc:StreetName`)).toEqual(['2 Market Street']);
    expect(texts(`${buyer}cac:PostalAddress/cbc:AdditionalStreetName`)).toEqual(['Berlin']);
    expect(texts(`${buyer}cac:PartyLegalEntity/cbc:RegistrationName`)).toEqual(['Old Client']);
    expect(texts('//cac:InvoiceLine/cac:Item/cbc:Name')).toEqual(['Website']);

    // Factur-X: the same data embedded in the PDF as factur-x.xml.
    const facturX = await handleInvoicePdf(
      get(
        `/sync/invoice-pdf?workspace=${admin.workspace.id}&id=${invoice.id}&facturx=1`,
        admin.cookie,
      ),
      ctx(),
    );
    expect(facturX.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'hm-controls-'));
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, Buffer.from(await facturX.arrayBuffer()));
    execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
    const cii = readFileSync(join(dir, 'factur-x.xml'), 'utf8');
    expect(notXml(cii)).toBe('');
    const ciiDoc = new DOMParser().parseFromString(cii, 'text/xml') as unknown as Node;
    const ciiTexts = (path: string) =>
      (ram(path, ciiDoc) as Node[]).map((n) => n.textContent ?? '');
    expect(ciiTexts('//ram:BuyerTradeParty/ram:Name')).toEqual(['Old Client']);
    expect(ciiTexts('//ram:BuyerTradeParty/ram:PostalTradeAddress/ram:LineOne')).toEqual([
      '2 Market Street',
    ]);

    // The report spreadsheet is XML inside too: write-excel-file drops the characters itself.
    const sheet = await handleReportExport(
      get(
        `/sync/report-export?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22&group=project&format=xlsx`,
        admin.cookie,
      ),
      ctx(),
    );
    expect(sheet.status).toBe(200);
    const [byProject] = await readXlsxFile(Buffer.from(await sheet.arrayBuffer()));
    expect(byProject?.data[1]?.[0]).toBe('Website');
  });

  it('refuses them in an invoice draft’s note and lines', async () => {
    await ok(admin, 'addTimeLog', {
      id: 'L2',
      fields: { ...timeLogFields('2026-11-18', 'web', 1800), exp: 0 },
    });
    const drafted = await handleDraftInvoice(
      post(
        '/sync/invoices',
        { workspaceId: admin.workspace.id, clientId: 'old', from: '2026-11-18', to: '2026-11-18' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(drafted.status).toBe(201);
    const { invoice } = (await drafted.json()) as { invoice: { id: string } };
    const layout = {
      grouping: 'project',
      edits: {},
      manual: [{ id: 'fee', description: 'Hosting\u0003 setup', quantity: 1, unitMinor: 50000 }],
      discountPercent: 0,
      taxes: [],
      paymentTermsDays: 8,
      note: 'Pay by\u0001 transfer',
    };
    const saved = await handleUpdateDraft(
      post(
        '/sync/invoices/draft',
        { workspaceId: admin.workspace.id, id: invoice.id, layout },
        admin.cookie,
      ),
      ctx(),
    );
    expect(saved.status).toBe(400);
    expect(((await saved.json()) as { fields: object }).fields).toMatchObject({
      'layout.manual.0.description': MESSAGE,
      'layout.note': MESSAGE,
    });
  });
});
