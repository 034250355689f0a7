import { describe, expect, it } from 'vitest';
import {
  composeInvoice,
  defaultLayout,
  quantityText,
  roundingNote,
  type GroupSum,
} from '../../../src/lib/invoice-lines';

const group = (key: string, seconds: number, minor: number, expenses = 0): GroupSum => ({
  key,
  label: key,
  billableSeconds: seconds,
  billableMinor: minor,
  expenseMinor: expenses,
  projectId: key,
});
const plain = defaultLayout({ name: 'GST', percent: 18 }, { paymentTermsDays: 8, note: '' });

describe('composeInvoice', () => {
  it('keeps the logs’ own amounts until a quantity or rate is changed', () => {
    // 1 h 20 min at mixed rates: 133333 p. Shown as 1.33 h at ₹1,002.50 (133333 / 1.33 = 100250.4).
    const groups = [group('A', 4800, 133333)];
    const asLogged = composeInvoice(groups, plain);
    expect(asLogged.lines).toMatchObject([
      { quantity: 1.33, unitMinor: 100250, amountMinor: 133333, edited: false },
    ]);
    // 133333 p × 18 % = 23999.94 → 24000 p.
    expect([asLogged.taxMinor, asLogged.totalMinor]).toEqual([24000, 157333]);
    // Changing the quantity bills quantity × rate: 1.5 h × 100250 p = 150375 p.
    const edited = composeInvoice(groups, { ...plain, edits: { 'time:A': { quantity: 1.5 } } });
    expect(edited.lines[0]).toMatchObject({ quantity: 1.5, amountMinor: 150375, edited: true });
  });

  it('rounds a discount and each tax once, half up, on the discounted subtotal', () => {
    // 1001 p less 50 % = 500.5 → 501 p off, 500 p taxed; 2.5 % of it = 12.5 → 13 p, twice.
    const totals = composeInvoice([group('A', 3600, 1001)], {
      ...plain,
      discountPercent: 50,
      taxes: [
        { name: 'One', percent: 2.5 },
        { name: 'Two', percent: 2.5 },
      ],
    });
    expect(totals).toMatchObject({
      subtotalMinor: 1001,
      discountMinor: 501,
      taxableMinor: 500,
      taxMinor: 26,
      totalMinor: 526,
    });
  });

  it('puts expenses on their own lines after the time, then the lines typed by hand', () => {
    const totals = composeInvoice([group('A', 0, 0, 5000), group('B', 1800, 40000)], {
      ...plain,
      taxes: [],
      manual: [{ id: 'm', description: 'Licence', quantity: 3, unitMinor: 3333 }],
    });
    expect(totals.lines.map((l) => [l.key, l.amountMinor])).toEqual([
      ['time:B', 40000],
      ['expenses:A', 5000],
      ['manual:m', 9999],
    ]);
    expect(totals.totalMinor).toBe(54999);
  });

  // Issue 47, point 11: 4:15:08 (15,308 s) and 1:20:00 (4,800 s), both at €120.00/h. The logs'
  // amounts: 15,308 / 3,600 × 12,000 c = 51,026.67 → 51,027 c; 4,800 s = 16,000 c; 67,027 c in all.
  const rated = (key: string, seconds: number, minor: number): GroupSum => ({
    ...group(key, seconds, minor),
    rateMinor: 12000,
  });
  const week = [rated('A', 15308, 51027), rated('B', 4800, 16000)];
  const untaxed = { ...plain, taxes: [] };

  it('states hours to 0.01 h unless the draft says otherwise, the amounts and total still the logs’', () => {
    const totals = composeInvoice(week, untaxed);
    expect(totals.lines.map((l) => [quantityText(l), l.unitMinor, l.amountMinor])).toEqual([
      ['4.25 h', 12000, 51027],
      ['1.33 h', 12000, 16000],
    ]);
    expect([totals.subtotalMinor, totals.totalMinor]).toEqual([67027, 67027]);
    expect(roundingNote(totals)).toBe(
      'Hours are rounded to 0.01 h; each amount is that of the time as logged.',
    );
  });

  it('rounds to the draft’s step, or states the time as logged', () => {
    const lines = (hoursRounding: '0.1' | '0.25' | 'exact') =>
      composeInvoice(week, { ...untaxed, hoursRounding }).lines.map((l) => quantityText(l));
    expect(lines('0.1')).toEqual(['4.30 h', '1.30 h']);
    expect(lines('0.25')).toEqual(['4.25 h', '1.25 h']);
    // As logged: 4.25222 h × €120.00 = €510.2664 → €510.27, 1.3333 h × €120.00 = €159.996 → €160.00.
    expect(lines('exact')).toEqual(['4.25222 h', '1.3333 h']);
    const exact = composeInvoice(week, { ...untaxed, hoursRounding: 'exact' });
    expect([exact.totalMinor, roundingNote(exact, 'exact')]).toEqual([67027, '']);
  });
});
