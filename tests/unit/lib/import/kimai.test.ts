import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../../../src/lib/import/read-file';

// Kimai 2's default English timesheet export (issue 33), figures worked out by hand from
// tests/fixtures/import/kimai-timesheet.csv, written as Kimai's DefaultTemplate and openspout's
// CSV writer write it (fputcsv quoting, 1/0 booleans, decimal hours rounded to two places).

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);
const csv = (text: string) => new TextEncoder().encode(text);
function read(bytes: Uint8Array) {
  const result = readImportFile(bytes);
  if (!result.ok) throw new Error(result.message);
  return result;
}
const HEADER =
  'Date,From,To,Duration,Currency,Price,Name,User,E-mail,Customer,Project,Activity,Description,Billable,Tags';

describe('reading a Kimai timesheet export', () => {
  it('reads the sample: decimal hours checked against the clock span, the midnight entry on its start day', () => {
    const file = read(fixture('kimai-timesheet.csv'));
    expect([file.source, file.sourceName, file.dateFormat, file.numberFormat]).toEqual([
      'kimai',
      'Kimai timesheet export (CSV)',
      'YYYY-MM-DD',
      'decimal-point',
    ]);
    expect(file.problems).toEqual([]);
    expect(
      file.entries.map((e) => [
        e.line,
        e.person.email,
        e.client,
        e.task,
        e.date,
        e.startTime,
        e.durationSeconds,
        e.billable,
        e.amountMinor,
      ]),
    ).toEqual([
      [2, 'ana@studio.test', 'Acme Foods', 'Design', '2026-10-05', '09:00', 9000, true, 25000],
      // 0.33 h is 1188 s; 13:15–13:35 is 20 minutes, within the rounding: 1200 s.
      [3, 'ana@studio.test', 'Acme Foods', 'Design', '2026-10-05', '13:15', 1200, true, 3333],
      [4, 'ana@studio.test', 'Studio', 'Admin', '2026-10-06', '08:30', 1800, false, 0],
      // 22:30 to 01:15: stays on 6 October, 2.75 h.
      [5, 'bo@studio.test', 'Acme Foods', 'Development', '2026-10-06', '22:30', 9900, true, 27500],
      // 10:00–12:30 with 2 hours worked (a break taken off): the decimal hours, 7200 s.
      [6, 'bo@studio.test', 'Northwind', 'QA', '2026-10-07', '10:00', 7200, true, 20000],
    ]);
    expect(file.entries[0]).toMatchObject({
      person: { name: 'Ana Novak', email: 'ana@studio.test' },
      project: 'Website Redesign',
      description: 'Homepage wireframes',
      tags: ['design', 'client work'],
      currency: 'USD',
      invoicedElsewhere: false,
    });
    // Kimai's "' " before a formula-like description is taken off again.
    expect(file.entries[4]?.description).toBe('=SUM(A1) regression');
    expect(file.entries[2]?.description).toBe('');
    // 9000 + 1200 + 1800 + 9900 + 7200
    expect(file.entries.reduce((sum, e) => sum + e.durationSeconds, 0)).toBe(29100);
  });

  it('reads H:MM durations of older exports, Exported as invoiced elsewhere, and the user name without Name', () => {
    const file = read(
      csv(
        'Date,From,To,Duration,Rate,Currency,User,Customer,Project,Activity,Description,Exported,Tags\n' +
          '2026-03-02,09:00,10:20,1:20,100,EUR,eva,C,P,A,Work,1,\n',
      ),
    );
    expect(file.entries).toMatchObject([
      {
        person: { name: 'eva', email: '' },
        durationSeconds: 4800,
        billable: true,
        invoicedElsewhere: true,
        amountMinor: null,
        currency: 'EUR',
      },
    ]);
  });

  it('lists malformed rows with their line and why, and reads the rest', () => {
    const row = (date: string, from: string, to: string, duration: string, extra = '') =>
      `${date},${from},${to},${duration},EUR,10,Eva,eva,eva@x.test,C,P,A,Work,1,${extra}`;
    const file = read(
      csv(
        [
          HEADER,
          row('2026-02-30', '09:00', '10:00', '1'),
          row('2026-02-03', '9h', '10:00', '1'),
          row('2026-02-03', '09:00', '', '0'),
          row('2026-02-03', '09:00', '10:00', 'one'),
          row('2026-02-03', '09:00', '09:00', '0'),
          row('2026-02-03', '09:00', '09:00', '25'),
          row('2026-02-03', '09:00', '10:00', '1', 'x,y'),
          '2026-02-03,09:00,10:00,1,EUR,10,,,,C,P,A,Work,1,',
          '2026-02-03,09:00,10:00,1,EUR,10,Eva,eva,eva@x.test,C,P,A,Work,2,',
          '2026-02-03,09:00,10:00,1,EUR,ten,Eva,eva,eva@x.test,C,P,A,Work,1,',
          row('2026-02-04', '09:00', '10:30', '1.5'),
          '2026-02-03,09:00,10:00,1,EUR,10,Eva,eva,eva@x.test,C,P,A,"Work,1,',
        ].join('\n'),
      ),
    );
    expect(file.problems).toEqual([
      { line: 2, reason: 'Date “2026-02-30” is not a date in the order YYYY-MM-DD.' },
      { line: 3, reason: 'From “9h” is not a time like 09:30.' },
      { line: 4, reason: 'It is still running (To is empty).' },
      { line: 5, reason: 'Duration “one” is not a length like 1.5 or 1:30.' },
      { line: 6, reason: 'It lasts no time.' },
      { line: 7, reason: 'It lasts more than 24 hours, the longest log Hourmark keeps.' },
      { line: 8, reason: 'It has 16 cells where the header has 15.' },
      { line: 9, reason: 'It names no person (Name, User and E-mail are empty).' },
      { line: 10, reason: 'Billable “2” is neither 1 nor 0.' },
      { line: 11, reason: 'Price “ten” is not an amount like 250.00.' },
      { line: 13, reason: 'A quoted cell is never closed: the file may be cut off.' },
    ]);
    expect(file.entries.map((e) => [e.line, e.durationSeconds])).toEqual([[12, 5400]]);
  });
});
