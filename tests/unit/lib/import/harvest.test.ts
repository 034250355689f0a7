import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../../../src/lib/import/read-file';

// Harvest's Detailed time report CSV (issue 33), figures worked out by hand from
// tests/fixtures/import/harvest-time-report.csv and harvest-time-report-decimal-comma.csv.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);
const csv = (text: string) => new TextEncoder().encode(text);
function read(bytes: Uint8Array) {
  const result = readImportFile(bytes);
  if (!result.ok) throw new Error(result.message);
  return result;
}
const HEADER =
  'Date,Client,Project,Project Code,Task,Notes,Hours,Hours Rounded,Billable?,Invoiced?,Approved?,First Name,Last Name,Roles,Employee?,Billable Rate,Billable Amount,Cost Rate,Cost Amount,Currency,External Reference URL';

describe('reading a Harvest Detailed time report', () => {
  it('reads the sample: decimal hours to the second, invoiced and approved rows, a row without client', () => {
    const file = read(fixture('harvest-time-report.csv'));
    expect([file.source, file.numberFormat, file.dateFormat, file.mustChooseDateFormat]).toEqual([
      'harvest',
      'decimal-point',
      'YYYY-MM-DD',
      false,
    ]);
    expect(file.problems).toEqual([]);
    expect(
      file.entries.map((e) => [
        e.line,
        e.person.name,
        e.client,
        e.project,
        e.task,
        e.date,
        e.startTime,
        e.durationSeconds,
        e.billable,
        e.invoicedElsewhere,
        e.approved,
        e.amountMinor,
        e.currency,
        e.labourRate,
      ]),
    ).toEqual([
      // 2.5 h; Hours Rounded is not read (the real hours are).
      [
        2,
        'Ana Novak',
        'Acme Foods',
        'Website Redesign',
        'Design',
        '2026-10-05',
        '',
        9000,
        true,
        false,
        true,
        25000,
        'USD',
        40,
      ],
      // 0.76 h = 2736 s (Hours Rounded says 0.75)
      [
        3,
        'Ana Novak',
        'Acme Foods',
        'Website Redesign',
        'Design',
        '2026-10-05',
        '',
        2736,
        true,
        true,
        true,
        7500,
        'USD',
        40,
      ],
      // no client: a project without one
      [
        4,
        'Ana Novak',
        '',
        'Internal',
        'Admin',
        '2026-10-06',
        '',
        1800,
        false,
        false,
        false,
        0,
        'USD',
        40,
      ],
      [
        5,
        'Bo Lindqvist',
        'Acme Foods',
        'Website Redesign',
        'Development',
        '2026-10-06',
        '',
        9900,
        true,
        false,
        false,
        27500,
        'USD',
        50,
      ],
    ]);
    expect(file.entries[1]).toMatchObject({
      person: { name: 'Ana Novak', email: '' },
      description: 'Menu page, second pass',
      tags: [],
    });
    // 9000 + 2736 + 1800 + 9900
    expect(file.entries.reduce((sum, e) => sum + e.durationSeconds, 0)).toBe(23436);
  });

  it('reads a locale with decimal commas and thousands dots: "24,0" hours and "2.400,0"', () => {
    const file = read(fixture('harvest-time-report-decimal-comma.csv'));
    expect(file.numberFormat).toBe('decimal-comma');
    expect(file.problems).toEqual([]);
    expect(
      file.entries.map((e) => [e.line, e.durationSeconds, e.amountMinor, e.currency, e.labourRate]),
    ).toEqual([
      [2, 9000, 25000, 'EUR', 0],
      // 24 hours, the longest log Hourmark keeps; 2.400,0 is 2,400.00
      [3, 86400, 240000, 'EUR', 0],
    ]);
  });

  it('lists malformed rows with their line and why, and reads the rest', () => {
    const row = (date: string, hours: string, amount = '10.0', extra = '') =>
      `${date},,P,,T,Work,${hours},${hours},Yes,No,No,Eva,Berg,,Yes,100.0,${amount},40.0,4.0,Euro - EUR,${extra}`;
    const file = read(
      csv(
        [
          HEADER,
          row('2026-02-30', '0.5'),
          row('2026-02-03', 'half'),
          row('2026-02-03', '24.01'),
          row('2026-02-03', '0'),
          row('2026-02-03', '0.5', 'ten'),
          row('2026-02-03', '0.5', '10.0', 'x,y'),
          '2026-02-03,,P,,T,Work,0.5,0.5,Yes,No,No,,,,Yes,100.0,10.0,40.0,4.0,Euro - EUR,',
          '2026-02-03,,P,,T,Work,0.5,0.5,Perhaps,No,No,Eva,Berg,,Yes,100.0,10.0,40.0,4.0,Euro - EUR,',
          '2026-02-03,,P,,T,Work,0.5,0.5,Yes,No,Later,Eva,Berg,,Yes,100.0,10.0,40.0,4.0,Euro - EUR,',
          '2026-02-03,,P,,T,Work,0.5,0.5,Yes,No,No,Eva,Berg,,Yes,100.0,10.0,-4.0,4.0,Euro - EUR,',
          row('2026-02-04', '1.25'),
          // Hours as H:MM, an account that shows time so.
          row('2026-02-05', '1:20'),
          '2026-02-03,,P,,T,"Work that never ends,0.5,0.5,Yes,No,No,Eva,Berg,,Yes,100.0,10.0,40.0,4.0,Euro - EUR,',
        ].join('\n'),
      ),
    );
    expect(file.problems).toEqual([
      { line: 2, reason: 'Date “2026-02-30” is not a date in the order YYYY-MM-DD.' },
      { line: 3, reason: 'Hours “half” is not a number like 2.5.' },
      { line: 4, reason: 'It lasts more than 24 hours, the longest log Hourmark keeps.' },
      { line: 5, reason: 'It lasts no time.' },
      { line: 6, reason: 'Billable Amount “ten” is not an amount like 2,400.00.' },
      { line: 7, reason: 'It has 22 cells where the header has 21.' },
      { line: 8, reason: 'It names no person (First Name and Last Name are empty).' },
      { line: 9, reason: 'Billable? “Perhaps” is neither Yes nor No.' },
      { line: 10, reason: 'Approved? “Later” is neither Yes nor No.' },
      { line: 11, reason: 'Cost Rate “-4.0” is not a rate like 2.5.' },
      { line: 14, reason: 'A quoted cell is never closed: the file may be cut off.' },
    ]);
    expect(file.entries.map((e) => [e.line, e.person.name, e.durationSeconds])).toEqual([
      [12, 'Eva Berg', 4500],
      [13, 'Eva Berg', 4800],
    ]);
  });
});
