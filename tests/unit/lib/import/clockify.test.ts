import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImportFile, type ReadOptions } from '../../../../src/lib/import/read-file';

// Clockify's Detailed report CSV (issue 33), figures worked out by hand from
// tests/fixtures/import/clockify-detailed.csv.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);
const csv = (text: string) => new TextEncoder().encode(text);
function read(bytes: Uint8Array, options: ReadOptions = {}) {
  const result = readImportFile(bytes, options);
  if (!result.ok) throw new Error(result.message);
  return result;
}
const HEADER =
  'Project,Client,Description,Task,User,Group,Email,Tags,Type,Billable,Invoiced,Invoice ID,Start Date,Start Time,End Date,End Time,Duration (h),Duration (decimal),Billable Rate (EUR),Billable Amount (EUR),Date of creation';

describe('reading a Clockify Detailed report', () => {
  it('reads the sample: 12-hour times with and without seconds, the midnight entry on its start day, the invoiced row', () => {
    const file = read(fixture('clockify-detailed.csv'));
    expect([file.source, file.sourceName, file.encoding, file.problems]).toEqual([
      'clockify',
      'Clockify Detailed report (CSV)',
      'UTF-8',
      [],
    ]);
    // 10/05/2026 reads as 5 October or 10 May: the person must choose; until then MM/DD/YYYY.
    expect([file.dateFormats, file.dateFormat, file.mustChooseDateFormat]).toEqual([
      ['MM/DD/YYYY', 'DD/MM/YYYY'],
      'MM/DD/YYYY',
      true,
    ]);
    expect(
      file.entries.map((e) => [
        e.line,
        e.date,
        e.startTime,
        e.durationSeconds,
        e.billable,
        e.invoicedElsewhere,
        e.amountMinor,
      ]),
    ).toEqual([
      [2, '2026-10-05', '09:00', 9000, true, false, 25000],
      // "01:15 PM", no seconds; 00:45:30 to the second; Invoiced Yes (INV-0042).
      [3, '2026-10-05', '13:15', 2730, true, true, 7583],
      [4, '2026-10-06', '08:30', 1800, false, false, 0],
      // 10:30:00 PM to 01:15:00 AM on 10/07: stays on 6 October, 2:45:00.
      [5, '2026-10-06', '22:30', 9900, true, false, 27500],
      [6, '2026-10-07', '09:00', 900, false, false, 0],
    ]);
    // 9000 + 2730 + 1800 + 9900 + 900
    expect(file.entries.reduce((sum, e) => sum + e.durationSeconds, 0)).toBe(24330);
    expect(file.entries[0]).toMatchObject({
      person: { name: 'Ana Novak', email: 'ana@studio.test' },
      client: 'Acme Foods',
      project: 'Website Redesign',
      task: 'Design',
      description: 'Homepage wireframes',
      tags: ['design', 'client work'],
      currency: 'USD',
      approved: false,
      labourRate: null,
    });
    expect(file.entries[2]).toMatchObject({ client: '', project: 'Internal', description: '' });
  });

  it('reads the dates in the order the person chose', () => {
    const file = read(fixture('clockify-detailed.csv'), { dateFormat: 'DD/MM/YYYY' });
    expect([file.dateFormat, file.mustChooseDateFormat]).toEqual(['DD/MM/YYYY', false]);
    expect(file.entries.map((e) => e.date)).toEqual([
      '2026-05-10',
      '2026-05-10',
      '2026-06-10',
      '2026-06-10',
      '2026-07-10',
    ]);
  });

  it('knows the order when one date tells it, and reads decimal commas, 24-hour times and decimal durations', () => {
    const file = read(
      csv(
        [
          HEADER,
          // 13 cannot be a month: DD/MM/YYYY. No Duration (h) to the second: the decimal column.
          'P,C,Work,,Eva,,eva@x.test,,Regular,Yes,No,,13/02/2026,14:05,13/02/2026,15:35,"1,50","1,50","80,00","120,00",13/02/2026',
          // Duration (h) in the compact H:MM format and no decimal: to the minute.
          'P,C,Work,,Eva,,eva@x.test,,,No,No,,01/03/2026,7:00 am,01/03/2026,7:20 am,0:20,,"0,00","0,00",01/03/2026',
        ].join('\n'),
      ),
    );
    expect([file.dateFormats, file.dateFormat, file.numberFormat]).toEqual([
      ['DD/MM/YYYY'],
      'DD/MM/YYYY',
      'decimal-comma',
    ]);
    expect(
      file.entries.map((e) => [e.date, e.startTime, e.durationSeconds, e.amountMinor, e.currency]),
    ).toEqual([
      ['2026-02-13', '14:05', 5400, 12000, 'EUR'],
      ['2026-03-01', '07:00', 1200, 0, 'EUR'],
    ]);
  });

  it('lists malformed rows with their line and why, and reads the rest', () => {
    const row = (date: string, start: string, clock: string, decimal: string, extra = '') =>
      `P,,Work,,Eva,,eva@x.test,,Regular,Yes,No,,${date},${start},,,${clock},${decimal},100.00,50.00,${extra}`;
    const file = read(
      csv(
        [
          HEADER,
          row('02/30/2026', '09:00 AM', '00:30:00', '0.50'),
          row('02/03/2026', '13:00 PM', '00:30:00', '0.50'),
          row('02/03/2026', '09:00 AM', 'half an hour', 'x'),
          row('02/03/2026', '09:00 AM', '24:00:01', '24.00'),
          row('02/03/2026', '09:00 AM', '00:00:00', '0.00'),
          row('02/03/2026', '09:00 AM', '00:30:00', '0.50', 'extra,cell'),
          'P,,Work,,,,,,Regular,Yes,No,,02/03/2026,09:00 AM,,,00:30:00,0.50,100.00,50.00,',
          'P,,Work,,Eva,,eva@x.test,,Break,No,No,,02/03/2026,12:00 PM,,,00:30:00,0.50,0.00,0.00,',
          'P,,Work,,Eva,,eva@x.test,,Regular,Maybe,No,,02/03/2026,09:00 AM,,,00:30:00,0.50,100.00,50.00,',
          'P,,Work,,Eva,,eva@x.test,,Regular,Yes,Paid,,02/03/2026,09:00 AM,,,00:30:00,0.50,100.00,50.00,',
          'P,,Work,,Eva,,eva@x.test,,Regular,Yes,No,,02/03/2026,09:00 AM,,,00:30:00,0.50,100.00,fifty,',
          row('02/04/2026', '11:59:59 PM', '00:30:00', '0.50'),
          'P,,"Work cut off,,Eva,,eva@x.test,,Regular,Yes,No,,02/03/2026,09:00 AM,,,00:30:00,0.50,100.00,50.00,',
        ].join('\r\n'),
      ),
    );
    expect(file.problems).toEqual([
      { line: 2, reason: 'Start Date “02/30/2026” is not a date in the order MM/DD/YYYY.' },
      { line: 3, reason: 'Start Time “13:00 PM” is not a time like 09:30 AM.' },
      { line: 4, reason: 'Duration “half an hour” is not a length like 01:30:00 or 1.50.' },
      { line: 5, reason: 'It lasts more than 24 hours, the longest log Hourmark keeps.' },
      { line: 6, reason: 'It lasts no time.' },
      { line: 7, reason: 'It has 22 cells where the header has 21.' },
      { line: 8, reason: 'It names no person (User and Email are empty).' },
      {
        line: 9,
        reason: 'It is a Clockify Break entry, not time worked; only Regular entries are imported.',
      },
      { line: 10, reason: 'Billable “Maybe” is neither Yes nor No.' },
      { line: 11, reason: 'Invoiced “Paid” is neither Yes nor No.' },
      { line: 12, reason: 'Billable Amount “fifty” is not an amount like 250.00.' },
      { line: 14, reason: 'A quoted cell is never closed: the file may be cut off.' },
    ]);
    expect(file.entries.map((e) => [e.line, e.date, e.startTime, e.durationSeconds])).toEqual([
      [13, '2026-02-04', '23:59', 1800],
    ]);
  });
});
