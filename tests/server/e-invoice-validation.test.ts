import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import xpath from 'xpath';
// The official EN 16931 schematron and the UBL, CII and Factur-X XSDs (../shared/einvoice).
import { validate } from '../../../shared/einvoice/validate.mjs';
import type { Database } from '../../src/server/db/connect';
import { apiClient, startApi } from './http-api';
import { drivers, fakeClock } from './support';
import { clientFields, projectFields, timeLogFields } from './workspace-support';

// Issue 27: every invoice shape the product makes, made over HTTP by a running server, must pass
// the EN 16931 rules (0 fatal) and the XSDs (0 errors), as UBL and as the CII inside Factur-X.
// Hand-worked figures (rates per hour, time as logged, no rounding of time):
// Pune Studio (IN, GSTIN 27AAPFU0939F1ZV, INR):
// | client  | shape                         | lines                                        | total      |
// | Acme    | one tax (GST 18 %)            | 3:50 at ₹1,200 = 3.83 h (to 0.01 h), 4,600.00 | 5,428.00   |
// | Bolt    | CGST 9 % + SGST 9 %           | 2 h × 1,500 = 3,000.00; 270.00 + 270.00      | 3,540.00   |
// | Cora    | discount 10 %                 | 5 h × 1,000 = 5,000.00 − 500.00; GST 810.00  | 5,310.00   |
// | Dune    | fixed fee and a zero line     | 1,000.00 + 1 × 15,000.00 + 1 × 0.00; GST 2,880.00 | 18,880.00 |
// | Echo    | 100 % discount                | 2 h × 1,000 = 2,000.00 − 2,000.00            | 0.00       |
// | Fern    | per day, first day's rate 1,200 | 1 h × 1,200 + 1 h × 1,000 = 2,200.00; GST 396.00 | 2,596.00 |
// | Gale    | no email                      | 1 h × 1,000; GST 180.00                      | 1,180.00   |
// | Smith & | awkward text                  | 1 h × 1,000; GST 180.00                      | 1,180.00   |
// | Hale    | a note, CGST 9 % + SGST 9 %   | 2 h × 1,500 = 3,000.00; 270.00 + 270.00      | 3,540.00   |
// Berlin Werk (DE, VAT DE811907980, EUR): Paris (FR, VAT FR40303265045, no tax) 2 h × €100 =
// 200.00 reverse charge; Lyon (FR, no VAT number, VAT 19 %) 1.5 h × €100 = 150.00 + 28.50 = 178.50.
// Kiran's freelancer (IN, no tax number, INR): Kiran (IN) 2.5 h × ₹800 = 2,000.00, not subject to VAT.
// Nova (IN, GSTIN, INR), its free text full of entity references (issue 46): Jade (IN) 1 h ×
// ₹1,000 = 1,000.00 + GST 180.00 = 1,180.00.

interface Findings {
  fatal: { id: string; text: string }[];
  xsdErrors: { schema: string; message: string }[];
}
const check = validate as (xml: string, options?: object) => Findings;

const ns = {
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};
const select = xpath.useNamespaces(ns);
const texts = (xml: string, path: string) =>
  (select(path, new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node) as Node[]).map(
    (n) => n.textContent ?? '',
  );

// XML 1.0's Char production (section 2.2): a document with any other character is not
// well-formed, though xmldom parses it without a word.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** The first character of `xml` that XML 1.0 does not allow, as U+XXXX, or '' when none. */
function notXml(xml: string): string {
  const found = NOT_XML_CHAR.exec(xml)?.[0]?.codePointAt(0);
  return found === undefined ? '' : `U+${found.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The factur-x.xml (xrechnung.xml for XRechnung) a PDF carries, read with poppler's pdfdetach. */
function embeddedCii(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'hm-einvoice-'));
  const file = join(dir, 'invoice.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
  const name = readdirSync(dir).find((f) => f.endsWith('.xml'));
  return readFileSync(join(dir, name ?? 'factur-x.xml'), 'utf8');
}

/** A PDF's document information (pdfinfo) and its XMP metadata (pdfinfo -meta). */
function pdfMetadata(pdf: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), 'hm-einvoice-')), 'invoice.pdf');
  writeFileSync(file, pdf);
  return {
    info: execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' }),
    xmp: execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' }),
  };
}
const xmp = xpath.useNamespaces({
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dc: 'http://purl.org/dc/elements/1.1/',
});

const clean = (findings: Findings) => ({
  fatal: findings.fatal.map((f) => f.text),
  xsd: findings.xsdErrors.map((e) => `${e.schema}: ${e.message}`),
});

const longNote = `Pay to A/C 1234 & IFSC <HDFC0001> &amp; thank you, merci, danke. ${'Ü'.repeat(435)}`;
const longAddress = `${'Plot 7 & 8 <Ærø> Lane '.repeat(22)}Pune 411001, MH.`;
const haleNote = 'Thank you for your business.';
const haleTaxes =
  'Taxes: CGST 9 % (270.00) and SGST 9 % (270.00), written as one VAT rate of 18 % (540.00 INR).';
/** Nova's free text: character references to control characters, and escaped entities. */
const nova = {
  company: 'Nova &amp; Co&#x1F;',
  street: 'Plot &#2; &amp;amp; Lane',
  contact: 'Ada &#x1; Nova',
  payment: 'Pay&#1;now&#x0; to A &amp;amp; B',
  client: 'Jade &#1; &amp;amp; Sons',
  clientStreet: '4 Lane&#x0B; &lt;b&gt;',
  project: 'Build &#31; &amp; test',
  // `#a&b#`: three characters between two `#`, which UBL reads as a subject code (BR-CL-08),
  // and an `&` the XML writer's escapes would make longer.
  note: '#a&b# Thanks&#1;, &#x0; &amp;amp; &#65;&#x42; &foo;',
};

describe.each(drivers)('EN 16931 e-invoices made over HTTP on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let close: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let base = '';

  /** One signed-up workspace with its invoice settings, pushing records over HTTP. */
  async function seller(email: string, settings: Record<string, unknown>) {
    const api = apiClient(base);
    const registered = await api.post('/user/register', {
      name: 'Ada',
      email,
      password: 'a good password',
    });
    expect(registered.status).toBe(201);
    const listed = (await (await api.get('/sync/workspaces')).json()) as {
      workspaces: { id: string; memberId: string }[];
    };
    const workspace = listed.workspaces[0]!;
    let mutation = 0;
    const push = async (name: string, args: unknown) => {
      const res = await api.post('/sync/push', {
        workspaceId: workspace.id,
        clientId: `push-${email.replace(/[^a-z0-9]/g, '-')}`.padEnd(16, '-'),
        mutations: [{ id: (mutation += 1), name, args }],
      });
      const body = (await res.json()) as { results?: { outcome: string; message?: string }[] };
      expect([res.status, body.results?.[0] ?? body]).toEqual([
        200,
        { id: mutation, outcome: 'ok' },
      ]);
    };
    const saved = await api.post('/sync/invoice-settings', {
      workspaceId: workspace.id,
      companyName: '',
      address: '',
      taxNumber: '',
      vatNumber: '',
      numberPattern: '{YYYY}-{SEQ:4}',
      counter: 'yearly',
      paymentTermsDays: 8,
      note: '',
      ...settings,
    });
    expect(saved.status).toBe(200);
    /** A client with one project at `rate` per hour and its logs (seconds per day). */
    const client = async (
      id: string,
      fields: Record<string, unknown>,
      rate: number,
      logs: [string, number][],
      projectName = `${id} work`,
    ) => {
      await push('createClient', { id, fields: { ...clientFields(id), ...fields } });
      await push('createProject', {
        id: `p-${id}`,
        fields: {
          ...projectFields(projectName, id),
          billamount: rate,
          rounding: 'false',
          memberIds: [workspace.memberId],
        },
      });
      for (const [i, [date, seconds]] of logs.entries())
        await push('addTimeLog', {
          id: `l-${id}-${i}`,
          fields: {
            ...timeLogFields(date, `p-${id}`, seconds),
            memberId: workspace.memberId,
            exp: 0,
          },
        });
    };
    /** Drafts the client's November, applies `layout` changes, issues it on 24 Nov. */
    const issue = async (clientId: string, layout: Record<string, unknown> = {}) => {
      const drafted = await api.post('/sync/invoices', {
        workspaceId: workspace.id,
        clientId,
        from: '2026-11-01',
        to: '2026-11-23',
      });
      expect(drafted.status).toBe(201);
      const draft = ((await drafted.json()) as { invoice: { id: string; document: Doc } }).invoice;
      if (Object.keys(layout).length) {
        const updated = await api.post('/sync/invoices/draft', {
          workspaceId: workspace.id,
          id: draft.id,
          layout: { ...draft.document.layout, ...layout },
        });
        expect(updated.status).toBe(200);
      }
      const issued = await api.post('/sync/invoices/issue', {
        workspaceId: workspace.id,
        id: draft.id,
        issueDate: '2026-11-24',
      });
      if (issued.status !== 200) expect(await issued.json()).toEqual({});
      return ((await issued.json()) as { invoice: { id: string; number: string; document: Doc } })
        .invoice;
    };
    /** The UBL and the Factur-X CII of an invoice (or of its credit note). */
    const eInvoices = async (id: string, credit = false) => {
      const q = `workspace=${workspace.id}&id=${id}${credit ? '&credit=1' : ''}`;
      const ubl = await api.get(`/sync/invoice-ubl?${q}`);
      expect(ubl.status).toBe(200);
      const pdf = await api.get(`/sync/invoice-pdf?${q}&facturx=1`);
      expect(pdf.status).toBe(200);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      // The CII on its own (issue 28) is the XML the Factur-X PDF embeds, byte for byte.
      const cii = await api.get(`/sync/invoice-ubl?${q}&syntax=cii`);
      expect(cii.status).toBe(200);
      const embedded = embeddedCii(bytes);
      expect(await cii.text()).toBe(embedded);
      return { ubl: await ubl.text(), cii: embedded, pdf: bytes };
    };
    return { api, workspace, client, issue, eInvoices };
  }

  interface Doc {
    layout: Record<string, unknown>;
    totalMinor: number;
    lines: { key: string; quantity: number; unitMinor: number; amountMinor: number }[];
  }

  const made: Record<string, { ubl: string; cii: string }> = {};
  /** Nova's Factur-X metadata under each profile. */
  const novaMetadata: Record<string, { info: string; xmp: string }> = {};

  /** Every shape is issued under each profile, to a copy of its client with the profile's data. */
  const profiles = ['en16931', 'peppol', 'xrechnung'] as const;
  type Profile = (typeof profiles)[number];
  const suffix: Record<Profile, string> = { en16931: '', peppol: '-pe', xrechnung: '-xr' };
  /** What each profile's client adds: a Peppol ID (Belgian enterprise number), a Leitweg-ID. */
  const profileFields: Record<Profile, Record<string, unknown>> = {
    en16931: {},
    peppol: {
      eInvoiceProfile: 'peppol',
      electronicAddress: '0203201340',
      electronicAddressScheme: '0208',
      buyerReference: 'PO-4711',
    },
    xrechnung: {
      eInvoiceProfile: 'xrechnung',
      electronicAddress: '991-12345-67',
      electronicAddressScheme: '0204',
      buyerReference: '991-12345-67',
    },
  };
  /** The seller details Peppol and XRechnung need, the same for the three sellers. */
  const sellerProfile = (city: string, postCode: string, account: Record<string, string>) => ({
    city,
    postCode,
    electronicAddress: '5790000435975',
    electronicAddressScheme: '0088',
    contactName: 'Ada Lovelace',
    contactPhone: '+49 30 1234567',
    contactEmail: 'billing@seller.example',
    ...account,
  });

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    ({ base, close } = await startApi(database, clock));

    const pune = await seller('ada.pune@example.com', {
      companyName: 'Pune Studio',
      address: '12 MG Road\nPune 411001',
      taxNumber: '27AAPFU0939F1ZV',
      country: 'IN',
      currency: 'INR',
      ...sellerProfile('Pune', '411001', { iban: '50100012345678', bic: 'HDFC0001234' }),
    });
    const indian = (email: string) => ({
      country: 'IN',
      email,
      taxName: 'GST',
      taxPercentage: 18,
      address: '1 Marine Drive',
      city: 'Mumbai',
      postCode: '400001',
    });
    /** Each shape's client, made three times: as it is, under Peppol and under XRechnung. */
    const clients = async (
      make: typeof pune,
      id: string,
      fields: Record<string, unknown>,
      rate: number,
      logs: [string, number][],
      projectName?: string,
    ) => {
      for (const profile of profiles)
        await make.client(
          `${id}${suffix[profile]}`,
          { ...fields, ...profileFields[profile] },
          rate,
          logs,
          projectName === undefined ? undefined : projectName,
        );
    };
    await clients(
      pune,
      'acme',
      indian('ap@acme.example'),
      1200,
      [['2026-11-17', 13800]],
      'Social Media Retainer',
    );
    await clients(pune, 'bolt', indian('ap@bolt.example'), 1500, [['2026-11-17', 7200]]);
    await clients(pune, 'hale', indian('ap@hale.example'), 1500, [['2026-11-17', 7200]]);
    await clients(pune, 'cora', indian('ap@cora.example'), 1000, [['2026-11-17', 18000]]);
    await clients(pune, 'dune', indian('ap@dune.example'), 1000, [['2026-11-17', 3600]]);
    await clients(pune, 'echo', indian('ap@echo.example'), 1000, [['2026-11-17', 7200]]);
    await clients(pune, 'fern', indian('ap@fern.example'), 1000, [
      ['2026-11-17', 3600],
      ['2026-11-18', 3600],
    ]);
    await clients(pune, 'gale', indian(''), 1000, [['2026-11-17', 3600]]);
    await clients(
      pune,
      'smith',
      {
        ...indian('ap@smith.example'),
        name: 'Smith & Sons <Ltd> &amp; Ærø Café',
        address: longAddress,
      },
      1000,
      [['2026-11-17', 3600]],
      'R&D <phase 2> &amp; Ünïcode',
    );

    const layouts: Record<string, Record<string, unknown>> = {
      bolt: {
        taxes: [
          { name: 'CGST', percent: 9 },
          { name: 'SGST', percent: 9 },
        ],
      },
      cora: { discountPercent: 10 },
      dune: {
        manual: [
          {
            id: 'fee',
            description: 'Design workshop (fixed fee)',
            quantity: 1,
            unitMinor: 1500000,
          },
          { id: 'free', description: 'Courtesy call', quantity: 1, unitMinor: 0 },
        ],
      },
      echo: { discountPercent: 100 },
      // Issue 47: a period the person sets, wider than its one day of time.
      gale: { period: { start: '2026-11-01', end: '2026-11-30' } },
      fern: { grouping: 'day', edits: { 'time:2026-11-17': { unitMinor: 120000 } } },
      smith: { note: longNote },
      // A footer note beside the two-taxes note (issue 46, point 7).
      hale: {
        note: haleNote,
        taxes: [
          { name: 'CGST', percent: 9 },
          { name: 'SGST', percent: 9 },
        ],
      },
    };
    const issued: Record<string, { id: string; document: Doc }> = {};
    for (const profile of profiles)
      for (const name of ['acme', 'bolt', 'cora', 'dune', 'echo', 'fern', 'gale', 'smith']) {
        const invoice = await pune.issue(`${name}${suffix[profile]}`, layouts[name] ?? {});
        issued[`${name}${suffix[profile]}`] = invoice;
        made[`${name}${suffix[profile]}`] = await pune.eInvoices(invoice.id);
      }
    const puneShapes = ['acme', 'bolt', 'cora', 'dune', 'echo', 'fern', 'gale', 'smith'];
    const acme = issued['acme']!;
    const fern = issued['fern']!;
    expect(puneShapes.map((n) => issued[n]!.document.totalMinor)).toEqual([
      542800, 354000, 531000, 1888000, 0, 259600, 118000, 118000,
    ]);
    // The same figures under Peppol and XRechnung.
    for (const profile of ['peppol', 'xrechnung'] as const)
      expect(
        ['acme', 'bolt', 'cora', 'dune', 'echo', 'fern', 'gale', 'smith'].map(
          (n) => issued[`${n}${suffix[profile]}`]!.document.totalMinor,
        ),
      ).toEqual([542800, 354000, 531000, 1888000, 0, 259600, 118000, 118000]);
    // 3:50 at ₹1,200/h, its hours to 0.01 h as every draft states them unless told otherwise
    // (issue 47): 3.83 h, the amount still the logs' ₹4,600.00.
    expect(acme.document.lines.map((l) => [l.quantity, l.unitMinor, l.amountMinor])).toEqual([
      [3.83, 120000, 460000],
    ]);
    expect(fern.document.lines.map((l) => [l.key, l.quantity, l.unitMinor, l.amountMinor])).toEqual(
      [
        ['time:2026-11-17', 1, 120000, 120000],
        ['time:2026-11-18', 1, 100000, 100000],
      ],
    );
    for (const profile of profiles) {
      const invoice = await pune.issue(`hale${suffix[profile]}`, layouts['hale']);
      expect(invoice.document.totalMinor).toBe(354000);
      made[`hale${suffix[profile]}`] = await pune.eInvoices(invoice.id);
    }
    const acmePdf = (await pune.eInvoices(acme.id)).pdf;
    made['acmePdfText'] = {
      ubl: execFileSync('pdftotext', ['-layout', '-', '-'], { input: acmePdf, encoding: 'utf8' }),
      cii: '',
    };
    // The credit notes that voiding Acme's invoices issue, each under its invoice's profile.
    for (const profile of profiles) {
      const id = issued[`acme${suffix[profile]}`]!.id;
      const voided = await pune.api.post('/sync/invoices/void', {
        workspaceId: pune.workspace.id,
        id,
      });
      expect(voided.status).toBe(200);
      made[`credit${suffix[profile]}`] = await pune.eInvoices(id, true);
    }

    const berlin = await seller('ada.berlin@example.com', {
      companyName: 'Berlin Werk GmbH',
      address: 'Unter den Linden 1',
      vatNumber: 'DE811907980',
      country: 'DE',
      currency: 'EUR',
      ...sellerProfile('Berlin', '10117', {
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
      }),
    });
    const french = {
      country: 'FR',
      taxName: '',
      taxPercentage: null,
      address: '5 Rue de Rivoli',
      city: 'Paris',
      postCode: '75001',
    };
    await clients(
      berlin,
      'paris',
      { ...french, email: 'ap@paris.example', vatNumber: 'FR40303265045' },
      100,
      [['2026-11-17', 7200]],
    );
    await clients(
      berlin,
      'lyon',
      { ...french, email: 'ap@lyon.example', taxName: 'VAT', taxPercentage: 19 },
      100,
      [['2026-11-17', 5400]],
    );
    for (const profile of profiles)
      for (const name of ['paris', 'lyon']) {
        const invoice = await berlin.issue(`${name}${suffix[profile]}`);
        issued[`${name}${suffix[profile]}`] = invoice;
        made[`${name}${suffix[profile]}`] = await berlin.eInvoices(invoice.id);
      }
    expect([issued['paris']!.document.totalMinor, issued['lyon']!.document.totalMinor]).toEqual([
      20000, 17850,
    ]);
    const parisXrPdf = (await berlin.eInvoices(issued['paris-xr']!.id)).pdf;
    made['parisXrPdfText'] = {
      ubl: execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: parisXrPdf,
        encoding: 'utf8',
      }),
      cii: '',
    };
    const parisPdf = (await berlin.eInvoices(issued['paris']!.id)).pdf;
    made['parisPdfText'] = {
      ubl: execFileSync('pdftotext', ['-layout', '-', '-'], { input: parisPdf, encoding: 'utf8' }),
      cii: '',
    };

    const kiran = await seller('kiran@example.com', {
      country: 'IN',
      currency: 'INR',
      address: '4 Lake Road',
      // No account: payment instructions in words.
      ...sellerProfile('Bengaluru', '560001', { paymentInstructions: 'UPI to kiran@upi' }),
    });
    await clients(
      kiran,
      'kiran',
      {
        country: 'IN',
        email: 'ap@kiran.example',
        taxName: '',
        taxPercentage: null,
        address: '9 Hill Road',
        city: 'Chennai',
        postCode: '600001',
      },
      800,
      [['2026-11-17', 9000]],
    );
    for (const profile of profiles) {
      const invoice = await kiran.issue(`kiran${suffix[profile]}`);
      expect(invoice.document.totalMinor).toBe(200000);
      made[`kiran${suffix[profile]}`] = await kiran.eInvoices(invoice.id);
    }

    // Issue 46, point 5: text that is harmless as typed, but not once entities are decoded.
    const novaSeller = await seller('ada.nova@example.com', {
      companyName: nova.company,
      address: nova.street,
      taxNumber: '27AAPFU0939F1ZV',
      country: 'IN',
      currency: 'INR',
      ...sellerProfile('Pune', '411001', {
        iban: '50100012345678',
        bic: 'HDFC0001234',
        contactName: nova.contact,
        paymentInstructions: nova.payment,
      }),
    });
    await clients(
      novaSeller,
      'jade',
      { ...indian('ap@jade.example'), name: nova.client, address: nova.clientStreet },
      1000,
      [['2026-11-17', 3600]],
      nova.project,
    );
    for (const profile of profiles) {
      const invoice = await novaSeller.issue(`jade${suffix[profile]}`, { note: nova.note });
      expect(invoice.document.totalMinor).toBe(118000);
      const files = await novaSeller.eInvoices(invoice.id);
      made[`jade${suffix[profile]}`] = files;
      novaMetadata[profile] = pdfMetadata(files.pdf);
    }
  }, 480_000);
  afterAll(async () => {
    await close();
    await drop();
  });

  const shapes = [
    'acme',
    'bolt',
    'cora',
    'dune',
    'echo',
    'fern',
    'gale',
    'smith',
    'hale',
    'paris',
    'lyon',
    'kiran',
    'jade',
    'credit',
  ];
  /** The rule sets each profile's files are checked against, as the official validators run them. */
  const rules: Record<Profile, string[]> = {
    en16931: ['en16931'],
    peppol: ['en16931', 'peppol'],
    xrechnung: ['en16931', 'xrechnung'],
  };
  describe.each(profiles)('under %s', (profile) => {
    it.each(shapes)(
      '%s: UBL and the CII of its Factur-X pass the rules and their XSDs',
      (shape) => {
        const { ubl, cii } = made[`${shape}${suffix[profile]}`]!;
        const options = { rules: rules[profile] };
        expect(clean(check(ubl, { ...options, syntax: 'ubl' }))).toEqual({ fatal: [], xsd: [] });
        expect(clean(check(cii, { ...options, syntax: 'cii' }))).toEqual({ fatal: [], xsd: [] });
      },
    );
  });

  it('writes the hand-worked figures: the rate that applied, both taxes as one rate', () => {
    const acme = made['acme']!;
    // 3.83 h × ₹1,200.00 is not ₹4,600.00: the price is the amount per its whole quantity, so
    // quantity × price ÷ base quantity is the amount, as the rules above checked (issue 47).
    expect(texts(acme.ubl, '//cac:InvoiceLine/cbc:InvoicedQuantity')).toEqual(['3.83']);
    expect(texts(acme.ubl, '//cac:InvoiceLine/cac:Price/cbc:PriceAmount')).toEqual(['4600.00']);
    expect(texts(acme.ubl, '//cac:InvoiceLine/cac:Price/cbc:BaseQuantity')).toEqual(['3.83']);
    expect(texts(acme.ubl, '//cac:InvoiceLine/cbc:LineExtensionAmount')).toEqual(['4600.00']);
    expect(texts(acme.ubl, '//cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual(['5428.00']);
    expect(texts(acme.cii, '//ram:BilledQuantity')).toEqual(['3.83']);
    expect(texts(acme.cii, '//ram:NetPriceProductTradePrice/ram:ChargeAmount')).toEqual([
      '4600.00',
    ]);
    // The PDF prints the hours, the rate and the logs' amount, and says why they differ.
    expect(made['acmePdfText']!.ubl).toMatch(/3\.83 h\s+₹1,200\.00\s+₹4,600\.00/);
    expect(made['acmePdfText']!.ubl).toContain(
      'Hours are rounded to 0.01 h; each amount is that of the time as logged.',
    );
    // The GSTIN is the seller's tax registration (BT-32), never its VAT identifier (BT-31).
    expect(
      texts(
        acme.ubl,
        "//cac:AccountingSupplierParty//cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='VAT']",
      ),
    ).toEqual([]);
    expect(
      texts(acme.cii, "//ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='FC']"),
    ).toEqual(['27AAPFU0939F1ZV']);
    // CGST 9 % + SGST 9 %: one VAT rate of 18 % (EN 16931 has one per line), both named in a note.
    const bolt = made['bolt']!;
    expect(texts(bolt.ubl, '//cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toEqual(['18']);
    expect(texts(bolt.ubl, '//cac:TaxSubtotal/cbc:TaxAmount')).toEqual(['540.00']);
    expect(texts(bolt.ubl, '/ubl:Invoice/cbc:Note')).toEqual([
      'Taxes: CGST 9 % (270.00) and SGST 9 % (270.00), written as one VAT rate of 18 % (540.00 INR).',
    ]);
    expect(texts(made['cora']!.ubl, '//cac:LegalMonetaryTotal/cbc:AllowanceTotalAmount')).toEqual([
      '500.00',
    ]);
    expect(texts(made['dune']!.ubl, '//cac:InvoiceLine/cbc:LineExtensionAmount')).toEqual([
      '1000.00',
      '15000.00',
      '0.00',
    ]);
    expect(texts(made['echo']!.ubl, '//cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual([
      '0.00',
    ]);
    expect(texts(made['fern']!.ubl, '//cac:InvoiceLine/cac:Price/cbc:PriceAmount')).toEqual([
      '1200.00',
      '1000.00',
    ]);
    expect(texts(made['gale']!.ubl, '//cac:AccountingCustomerParty//cbc:EndpointID')).toEqual([]);
  });

  it('states the period of its logs, or the one set, not the days it was drafted from (issue 47)', () => {
    // Drafted over 1–23 Nov: Acme's time is all on 17 Nov, Fern's on 17 and 18 Nov; Gale's
    // draft was set to state 1–30 Nov.
    const period = (shape: string) => [
      texts(made[shape]!.ubl, '/ubl:Invoice/cac:InvoicePeriod/cbc:StartDate')[0],
      texts(made[shape]!.ubl, '/ubl:Invoice/cac:InvoicePeriod/cbc:EndDate')[0],
      ...texts(made[shape]!.cii, '//ram:BillingSpecifiedPeriod//udt:DateTimeString'),
    ];
    expect(period('acme')).toEqual(['2026-11-17', '2026-11-17', '20261117', '20261117']);
    expect(period('fern')).toEqual(['2026-11-17', '2026-11-18', '20261117', '20261118']);
    expect(period('gale-xr')).toEqual(['2026-11-01', '2026-11-30', '20261101', '20261130']);
    expect(made['acmePdfText']!.ubl).toContain('Work from 17 Nov 2026 to 17 Nov 2026');
  });

  it('keeps awkward text exactly as typed: &, <, a literal &amp;, accents, 500 characters', () => {
    const { ubl, cii } = made['smith']!;
    const name = 'Smith & Sons <Ltd> &amp; Ærø Café';
    expect(texts(ubl, '//cac:AccountingCustomerParty//cbc:RegistrationName')).toEqual([name]);
    expect(texts(cii, '//ram:BuyerTradeParty/ram:Name')).toEqual([name]);
    expect(texts(ubl, '//cac:InvoiceLine/cac:Item/cbc:Name')).toEqual([
      'R&D <phase 2> &amp; Ünïcode',
    ]);
    expect(texts(ubl, '/ubl:Invoice/cbc:Note')).toEqual([longNote]);
    expect(longNote).toHaveLength(500);
    expect(texts(cii, '//ram:IncludedNote/ram:Content')).toEqual([longNote]);
    expect(
      texts(ubl, '//cac:AccountingCustomerParty//cac:PostalAddress/cbc:StreetName')[0]?.length,
    ).toBe(500);
  });

  it.each(profiles)(
    'writes entity references in free text as typed, never the characters they name (%s)',
    (profile) => {
      const { ubl, cii } = made[`jade${suffix[profile]}`]!;
      expect([notXml(ubl), notXml(cii)]).toEqual(['', '']);
      const seller = '//cac:AccountingSupplierParty/cac:Party';
      expect(texts(ubl, `${seller}/cac:PartyLegalEntity/cbc:RegistrationName`)).toEqual([
        nova.company,
      ]);
      expect(texts(ubl, `${seller}/cac:PostalAddress/cbc:StreetName`)).toEqual([nova.street]);
      expect(texts(ubl, `${seller}/cac:Contact/cbc:Name`)).toEqual([nova.contact]);
      expect(texts(ubl, '//cac:PaymentMeans/cbc:PaymentMeansCode/@name')).toEqual([nova.payment]);
      expect(texts(ubl, '//cac:AccountingCustomerParty//cbc:RegistrationName')).toEqual([
        nova.client,
      ]);
      expect(texts(ubl, '//cac:AccountingCustomerParty//cac:PostalAddress/cbc:StreetName')).toEqual(
        [nova.clientStreet],
      );
      expect(texts(ubl, '//cac:InvoiceLine/cac:Item/cbc:Name')).toEqual([nova.project]);
      // Under the subject code "general information", so "a&b" is not read as one; CII reads no
      // code in a note's text, and has it as typed.
      expect(texts(ubl, '/ubl:Invoice/cbc:Note')).toEqual([`#AAI#${nova.note}`]);
      expect(texts(cii, '//ram:SellerTradeParty/ram:Name')).toEqual([nova.company]);
      expect(texts(cii, '//ram:SellerTradeParty/ram:PostalTradeAddress/ram:LineOne')).toEqual([
        nova.street,
      ]);
      expect(texts(cii, '//ram:DefinedTradeContact/ram:PersonName')).toEqual([nova.contact]);
      expect(texts(cii, '//ram:SpecifiedTradeSettlementPaymentMeans/ram:Information')).toEqual([
        nova.payment,
      ]);
      expect(texts(cii, '//ram:BuyerTradeParty/ram:Name')).toEqual([nova.client]);
      expect(texts(cii, '//ram:BuyerTradeParty/ram:PostalTradeAddress/ram:LineOne')).toEqual([
        nova.clientStreet,
      ]);
      expect(texts(cii, '//ram:SpecifiedTradeProduct/ram:Name')).toEqual([nova.project]);
      expect(texts(cii, '//rsm:ExchangedDocument/ram:IncludedNote/ram:Content')).toEqual([
        nova.note,
      ]);

      // The Factur-X PDF's metadata names the seller as typed too: its XMP, and its document
      // information, which is not XML.
      const { info, xmp: meta } = novaMetadata[profile]!;
      expect(notXml(meta)).toBe('');
      const rdf = new DOMParser().parseFromString(meta, 'text/xml') as unknown as Node;
      const read = (path: string) => (xmp(path, rdf) as Node[]).map((n) => n.textContent ?? '');
      expect(read('//dc:creator//rdf:li')).toEqual([nova.company]);
      expect(read('//dc:title//rdf:li')[0]?.split(' issued by ')[1]).toBe(nova.company);
      expect(info.match(/^Author: +(.*)$/m)?.[1]).toBe(nova.company);
      expect(info.match(/^Title: +(.*): Invoice 2026-000\d$/m)?.[1]).toBe(nova.company);
    },
  );

  it('writes a note beside the two-taxes note as notes of their own, one under Peppol', () => {
    for (const profile of ['en16931', 'xrechnung'] as const) {
      const { ubl, cii } = made[`hale${suffix[profile]}`]!;
      expect(texts(ubl, '/ubl:Invoice/cbc:Note')).toEqual([haleNote, haleTaxes]);
      // One Content per IncludedNote: the CII XSD inside Factur-X allows no more.
      const notes = '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IncludedNote';
      expect(texts(cii, `${notes}/ram:Content`)).toEqual([haleNote, haleTaxes]);
      expect(texts(cii, `${notes}[count(ram:Content) = 1]/ram:Content`)).toHaveLength(2);
    }
    // Peppol allows one note (PEPPOL-EN16931-R002): the two read as one.
    const { ubl, cii } = made['hale-pe']!;
    expect(texts(ubl, '/ubl:Invoice/cbc:Note')).toEqual([`${haleNote}\n\n${haleTaxes}`]);
    expect(texts(cii, '//rsm:ExchangedDocument/ram:IncludedNote/ram:Content')).toEqual([
      `${haleNote}\n\n${haleTaxes}`,
    ]);
  });

  it('writes reverse charge for an EU client in another country with a VAT number', () => {
    const { ubl, cii } = made['paris']!;
    expect(texts(ubl, '//cac:TaxSubtotal/cac:TaxCategory/cbc:ID')).toEqual(['AE']);
    expect(texts(ubl, '//cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode')).toEqual([
      'VATEX-EU-AE',
    ]);
    expect(texts(ubl, '//cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReason')).toEqual([
      'Reverse charge: VAT to be accounted for by the recipient',
    ]);
    expect(
      texts(cii, '//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode'),
    ).toEqual(['AE']);
    expect(texts(ubl, '//cac:AccountingCustomerParty//cac:PartyTaxScheme/cbc:CompanyID')).toEqual([
      'FR40303265045',
    ]);
    expect(made['parisPdfText']!.ubl).toContain(
      'Reverse charge: VAT to be accounted for by the recipient (VATEX-EU-AE).',
    );
    // The PDF says how to pay, as the e-invoice's payment instructions do (issue 28).
    expect(made['parisPdfText']!.ubl).toContain(
      'Pay to account DE89370400440532013000 (BIC COBADEFFXXX).',
    );
    expect(texts(made['lyon']!.ubl, '//cac:TaxSubtotal/cbc:TaxAmount')).toEqual(['28.50']);
    expect(texts(made['kiran']!.ubl, '//cac:TaxSubtotal/cac:TaxCategory/cbc:ID')).toEqual(['O']);
  });

  it('makes the credit note a CreditNote (381) that refers to the invoice it cancels', () => {
    const { ubl, cii } = made['credit']!;
    expect(texts(ubl, '/cn:CreditNote/cbc:ID')).toEqual(['CN-2026-0001']);
    expect(texts(ubl, '/cn:CreditNote/cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(
      texts(ubl, '/cn:CreditNote/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'),
    ).toEqual(['2026-0001']);
    expect(texts(ubl, '//cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual(['5428.00']);
    expect(texts(cii, '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode')).toEqual([
      '381',
    ]);
    expect(texts(cii, '//ram:InvoiceReferencedDocument/ram:IssuerAssignedID')).toEqual([
      '2026-0001',
    ]);
  });

  it('writes each profile: its specification id, both addresses, the references, contact and payment', () => {
    const peppol = made['bolt-pe']!;
    expect(texts(peppol.ubl, '/ubl:Invoice/cbc:CustomizationID')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    ]);
    expect(texts(peppol.ubl, '/ubl:Invoice/cbc:ProfileID')).toEqual([
      'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    ]);
    expect(texts(peppol.ubl, '//cac:AccountingSupplierParty//cbc:EndpointID/@schemeID')).toEqual([
      '0088',
    ]);
    expect(texts(peppol.ubl, '//cac:AccountingSupplierParty//cbc:EndpointID')).toEqual([
      '5790000435975',
    ]);
    expect(texts(peppol.ubl, '//cac:AccountingCustomerParty//cbc:EndpointID/@schemeID')).toEqual([
      '0208',
    ]);
    expect(texts(peppol.ubl, '//cac:AccountingCustomerParty//cbc:EndpointID')).toEqual([
      '0203201340',
    ]);
    expect(texts(peppol.ubl, '/ubl:Invoice/cbc:BuyerReference')).toEqual(['PO-4711']);
    expect(texts(peppol.cii, '//ram:GuidelineSpecifiedDocumentContextParameter/ram:ID')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    ]);
    // An invoice's note and the two-taxes note are one note under Peppol (PEPPOL-EN16931-R002).
    expect(texts(made['smith-pe']!.ubl, '/ubl:Invoice/cbc:Note')).toEqual([longNote]);

    const xr = made['paris-xr']!;
    expect(texts(xr.ubl, '/ubl:Invoice/cbc:CustomizationID')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    ]);
    expect(texts(xr.ubl, '/ubl:Invoice/cbc:BuyerReference')).toEqual(['991-12345-67']);
    expect(texts(xr.ubl, '//cac:AccountingCustomerParty//cbc:EndpointID/@schemeID')).toEqual([
      '0204',
    ]);
    expect(texts(xr.ubl, '//cac:AccountingSupplierParty//cac:Contact/*')).toEqual([
      'Ada Lovelace',
      '+49 30 1234567',
      'billing@seller.example',
    ]);
    expect(texts(xr.ubl, '//cac:AccountingSupplierParty//cac:PostalAddress/cbc:CityName')).toEqual([
      'Berlin',
    ]);
    expect(
      texts(xr.ubl, '//cac:AccountingSupplierParty//cac:PostalAddress/cbc:PostalZone'),
    ).toEqual(['10117']);
    expect(texts(xr.ubl, '//cac:AccountingCustomerParty//cac:PostalAddress/cbc:CityName')).toEqual([
      'Paris',
    ]);
    // An IBAN in euros is a SEPA transfer (58); an Indian account a credit transfer (30); no
    // account, the instructions in words (ZZZ).
    expect(texts(xr.ubl, '//cac:PaymentMeans/cbc:PaymentMeansCode')).toEqual(['58']);
    expect(texts(xr.ubl, '//cac:PayeeFinancialAccount/cbc:ID')).toEqual(['DE89370400440532013000']);
    expect(texts(xr.ubl, '//cac:FinancialInstitutionBranch/cbc:ID')).toEqual(['COBADEFFXXX']);
    expect(texts(made['acme-xr']!.ubl, '//cac:PaymentMeans/cbc:PaymentMeansCode')).toEqual(['30']);
    expect(texts(made['kiran-xr']!.ubl, '//cac:PaymentMeans/cbc:PaymentMeansCode')).toEqual([
      'ZZZ',
    ]);
    expect(texts(made['kiran-xr']!.ubl, '//cac:PaymentMeans/cbc:PaymentMeansCode/@name')).toEqual([
      'UPI to kiran@upi',
    ]);
    // Its PDF prints the reference and both cities with their post codes.
    expect(made['parisXrPdfText']!.ubl).toContain('Buyer reference: 991-12345-67');
    expect(made['parisXrPdfText']!.ubl).toMatch(/10117 Berlin\s+75001 Paris/);
    // XRechnung's Factur-X carries xrechnung.xml with XRechnung's id.
    expect(texts(xr.cii, '//ram:GuidelineSpecifiedDocumentContextParameter/ram:ID')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    ]);
    // Credit notes carry their invoice's profile.
    expect(texts(made['credit-pe']!.ubl, '/cn:CreditNote/cbc:CustomizationID')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    ]);
    expect(texts(made['credit-xr']!.ubl, '/cn:CreditNote/cbc:CustomizationID')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    ]);
    expect(texts(made['credit-xr']!.ubl, '/cn:CreditNote/cbc:BuyerReference')).toEqual([
      '991-12345-67',
    ]);
  });

  it('fails Peppol and XRechnung rules without what they need (known-bad controls)', () => {
    const ids = (xml: string, syntax: 'ubl' | 'cii', rules: string[]) =>
      check(xml, { syntax, rules, xsd: false }).fatal.map((f) => f.id);
    // Without its buyer reference: XRechnung's BR-DE-15 and Peppol's R003.
    const xr = made['bolt-xr']!;
    const xrUbl = xr.ubl.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
    expect(xrUbl).not.toBe(xr.ubl);
    expect(ids(xrUbl, 'ubl', ['en16931', 'xrechnung'])).toContain('BR-DE-15');
    const xrCii = xr.cii.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '');
    expect(xrCii).not.toBe(xr.cii);
    expect(ids(xrCii, 'cii', ['en16931', 'xrechnung'])).toContain('BR-DE-15');
    const pe = made['bolt-pe']!;
    const peUbl = pe.ubl.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
    expect(peUbl).not.toBe(pe.ubl);
    expect(ids(peUbl, 'ubl', ['en16931', 'peppol'])).toContain('PEPPOL-EN16931-R003');
    // The plain EN 16931 invoice is not a Peppol one: R004 (its id) and R003 (no reference).
    expect(ids(made['bolt']!.ubl, 'ubl', ['en16931', 'peppol'])).toEqual(
      expect.arrayContaining(['PEPPOL-EN16931-R003', 'PEPPOL-EN16931-R004']),
    );
  });

  it('still fails documents broken on purpose, so a broken validator cannot pass', () => {
    const { ubl, cii } = made['bolt']!;
    const zzz = ubl
      .replace(/<cbc:DocumentCurrencyCode>INR</, '<cbc:DocumentCurrencyCode>ZZZ<')
      .replaceAll('currencyID="INR"', 'currencyID="ZZZ"');
    expect(check(zzz, { syntax: 'ubl' }).fatal.map((f) => f.id)).toContain('BR-CL-04');
    const noDelivery = cii.replace(/<ram:ApplicableHeaderTradeDelivery\s*\/>/, '');
    expect(noDelivery).not.toBe(cii);
    expect(check(noDelivery, { syntax: 'cii' }).xsdErrors.length).toBeGreaterThan(0);
  });
});

describe('the validator this suite relies on', () => {
  it('is installed: saxon-js 2.7.0 in the project and xmllint answer', () => {
    const saxon = createRequire(import.meta.url)('saxon-js/package.json') as { version: string };
    expect(saxon.version).toBe('2.7.0');
    expect(() => execFileSync('xmllint', ['--version'], { stdio: 'pipe' })).not.toThrow();
  });
});
