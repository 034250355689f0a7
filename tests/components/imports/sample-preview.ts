import type { ImportPreview } from '../../../src/stores/imports';

/**
 * The preview the server answers for tests/fixtures/import/toggl-detailed.csv in
 * tests/server/import-preview.test.ts (Bo imports; Ana is the member "Ana N."; Carla is new).
 */
export const samplePreview: ImportPreview = {
  source: 'toggl',
  sourceName: 'Toggl Track Detailed report (CSV)',
  encoding: 'UTF-8 with BOM',
  timeZone: 'UTC',
  dateFormats: ['YYYY-MM-DD'],
  dateFormat: 'YYYY-MM-DD',
  mustChooseDateFormat: false,
  numberFormat: 'decimal-point',
  rows: { importable: 6, refused: 0, alreadyImported: 0 },
  dateRange: { from: '2026-10-05', to: '2026-10-07' },
  totalSeconds: 31530,
  billableSeconds: 28830,
  clients: { create: 1, match: 1, created: ['Northwind'] },
  projects: { create: 2, match: 1, created: ['Internal', 'Booking App'] },
  tasks: { create: 2, match: 1, created: ['Website Redesign / Development', 'Booking App / QA'] },
  tags: { create: 5, match: 1, created: ['client work', 'release', 'on call', 'meeting', 'qa'] },
  members: { create: 1, match: 2, created: ['carla@studio.test'] },
  people: [
    {
      name: 'Ana Novak',
      email: 'ana@studio.test',
      rows: 3,
      seconds: 13530,
      suggestion: { kind: 'member', memberId: 'm-ana', memberName: 'Ana N.' },
      labourRate: null,
    },
    {
      name: 'Bo Lindqvist',
      email: 'bo@studio.test',
      rows: 2,
      seconds: 10800,
      suggestion: { kind: 'me', memberId: 'm-bo', memberName: 'Bo Lindqvist' },
      labourRate: null,
    },
    {
      name: '',
      email: 'carla@studio.test',
      rows: 1,
      seconds: 7200,
      suggestion: { kind: 'new', memberId: null, memberName: 'carla@studio.test' },
      labourRate: null,
    },
  ],
  amounts: {
    fileCurrency: 'USD',
    fileMinor: 76083,
    workspaceCurrency: 'INR',
    pricedRows: 3,
    workspaceMinor: 60083,
    fileMinorOfPricedRows: 60083,
  },
  problems: [],
  history: { invoicedElsewhere: 0, approved: 0, needApproval: 0 },
  newProjectRates: [],
  currencyNotice: null,
};
