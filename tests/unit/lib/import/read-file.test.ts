import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../../../src/lib/import/read-file';

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);
const HEADER =
  'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)';

function read(bytes: Uint8Array) {
  const result = readImportFile(bytes);
  if (!result.ok) throw new Error(result.message);
  return result;
}
const csv = (text: string) => new TextEncoder().encode(text);

describe('reading a Toggl Track Detailed report', () => {
  it('reads every row of the sample, to the second, on the day each entry started', () => {
    const file = read(fixture('toggl-detailed.csv'));
    expect(file.encoding).toBe('UTF-8 with BOM');
    expect(file.source).toBe('toggl');
    expect(file.problems).toEqual([]);
    expect(
      file.entries.map((e) => [e.line, e.date, e.startTime, e.durationSeconds, e.billable]),
    ).toEqual([
      [2, '2026-10-05', '09:00', 9000, true],
      [3, '2026-10-05', '13:15', 2730, true],
      [4, '2026-10-06', '08:30', 1800, false],
      // 22:30 → 01:15 the next day: stays on 6 October, 2 h 45 min from the Duration column.
      [5, '2026-10-06', '22:30', 9900, true],
      [6, '2026-10-07', '09:00', 900, false],
      [7, '2026-10-07', '10:00', 7200, true],
    ]);
    expect(file.entries.reduce((sum, e) => sum + e.durationSeconds, 0)).toBe(31530);
  });

  it('keeps tags, amounts, the currency of the header, a project without client and a person known by email', () => {
    const [first, , internal, , standup, carla] = read(fixture('toggl-detailed.csv')).entries;
    expect(first).toMatchObject({
      person: { name: 'Ana Novak', email: 'ana@studio.test' },
      client: 'Acme Foods',
      project: 'Website Redesign',
      task: 'Design',
      description: 'Homepage wireframes',
      tags: ['design', 'client work'],
      amountMinor: 25000,
      currency: 'USD',
    });
    expect(internal).toMatchObject({
      client: '',
      project: 'Internal',
      task: '',
      description: '',
      tags: [],
      amountMinor: null,
    });
    expect(standup).toMatchObject({ task: '', tags: ['meeting'], amountMinor: null });
    expect(carla).toMatchObject({
      person: { name: '', email: 'carla@studio.test' },
      description: 'Regression run “checkout”',
      amountMinor: 16000,
    });
  });

  it('reads the same file saved by Excel as Windows-1252 and as UTF-16LE, and says which', () => {
    const original = read(fixture('toggl-detailed.csv')).entries;
    const windows = read(fixture('toggl-windows-1252.csv'));
    expect(windows.encoding).toBe('Windows-1252');
    expect(windows.entries).toEqual(original);
    const unicode = read(fixture('toggl-utf16le.csv'));
    expect(unicode.encoding).toBe('UTF-16LE with BOM');
    expect(unicode.entries).toEqual(original);
    expect(unicode.entries[5]?.description).toBe('Regression run “checkout”');
    const bigEndian = Buffer.from(fixture('toggl-utf16le.csv')).swap16();
    expect(read(bigEndian)).toMatchObject({ encoding: 'UTF-16BE with BOM', entries: original });
  });

  it('keeps cells that look like formulas as plain text', () => {
    const file = read(
      csv(
        `${HEADER}\n=HYPERLINK("http://x.test"),+a@x.test,-1+2,@SUM(A1),,=1+2,No,2026-10-05,09:00:00,2026-10-05,09:30:00,00:30:00,"=A1, +B2",\n`,
      ),
    );
    expect(file.entries[0]).toMatchObject({
      person: { name: '=HYPERLINK("http://x.test")', email: '+a@x.test' },
      client: '-1+2',
      project: '@SUM(A1)',
      description: '=1+2',
      tags: ['=A1', '+B2'],
    });
  });

  it('accepts extra columns in another order and another currency, and H:MM:SS durations', () => {
    const file = read(
      csv(
        'Email,User,Project,Client,Description,Billable,Start date,Start time,Duration,Amount (EUR),Member group\n' +
          'a@x.test,A,P,,Work,Yes,2026-01-31,7:05 PM,1:02:03,12.50,Design\n',
      ),
    );
    expect(file.entries).toEqual([
      {
        line: 2,
        person: { name: 'A', email: 'a@x.test' },
        client: '',
        project: 'P',
        task: '',
        description: 'Work',
        billable: true,
        date: '2026-01-31',
        startTime: '19:05',
        durationSeconds: 3723,
        tags: [],
        amountMinor: 1250,
        currency: 'EUR',
        invoicedElsewhere: false,
        approved: false,
        labourRate: null,
      },
    ]);
  });

  it('lists rows it cannot import with their line and why, and reads the rest', () => {
    const row = (date: string, start: string, duration: string, extra = '') =>
      `Ana,a@x.test,,P,,,Yes,${date},${start},,,${duration},,${extra}`;
    const file = read(
      csv(
        [
          HEADER,
          row('2026-02-30', '09:00:00', '01:00:00'),
          row('2026-02-03', '25:00:00', '01:00:00'),
          row('2026-02-03', '09:00:00', '1h'),
          '',
          row('2026-02-03', '09:00:00', '24:00:01'),
          row('2026-02-03', '09:00:00', '00:00:00'),
          row('2026-02-03', '09:00:00', '00:10:00', '1,5'),
          ',,,P,,,Yes,2026-02-03,09:00:00,,,00:10:00,,',
          'Ana,a@x.test,,"Multi\nline",,,Yes,2026-02-03,09:00:00,,,00:10:00,,',
          row('2026-02-03', '09:00:00', '24:00:00'),
          row('2026-02-03', '09:00:00', `${'9'.repeat(60)}:00:00`),
          'Ana,a@x.test,,P,,"never closed,Yes,2026-02-03,09:00:00,,,00:10:00,,',
        ].join('\n'),
      ),
    );
    expect(file.problems).toEqual([
      { line: 2, reason: 'Start date “2026-02-30” is not a date like 2026-10-05.' },
      { line: 3, reason: 'Start time “25:00:00” is not a time like 09:30:00.' },
      { line: 4, reason: 'Duration “1h” is not a length like 01:30:00.' },
      { line: 6, reason: 'It lasts more than 24 hours, the longest log Hourmark keeps.' },
      { line: 7, reason: 'It lasts no time (Duration 00:00:00).' },
      { line: 8, reason: 'It has 15 cells where the header has 14.' },
      { line: 9, reason: 'It names no person (User and Email are empty).' },
      // A long cell is quoted in part.
      { line: 13, reason: `Duration “${'9'.repeat(39)}…” is not a length like 01:30:00.` },
      { line: 14, reason: 'A quoted cell is never closed: the file may be cut off.' },
    ]);
    expect(file.entries.map((e) => [e.line, e.project, e.durationSeconds])).toEqual([
      [10, 'Multi\nline', 600],
      [12, 'P', 86400],
    ]);
  });

  it('refuses another tool’s export and junk, naming what it expected', () => {
    const refusal = (bytes: Uint8Array) => {
      const result = readImportFile(bytes);
      if (result.ok) throw new Error('read a file it should refuse');
      return `${result.error}: ${result.message}`;
    };
    expect(refusal(csv('hello,world\n1,2\n'))).toBe(
      'unknown_source: This file is not a report Hourmark can import: it has no User, Email, Client, Project, Description, Billable, Start date, Start time, Duration columns of Toggl Track’s Detailed report. Hourmark reads Toggl Track’s Detailed report (Reports → Detailed → Export → CSV); Clockify’s Detailed report (Reports → Detailed → Export → Save as CSV); Harvest’s Detailed time report (Reports → Detailed time → Export → CSV); Kimai’s timesheet export in English (Time tracking → Export → CSV); and, for clients and projects without time, Clockify’s projects list (Projects → Export → CSV); Harvest’s projects list (Projects → Export → CSV); Harvest’s clients list (Manage → Clients → Export); Toggl Track’s account export (zip).',
    );
    // A header close to Clockify's is told which of Clockify's columns it lacks.
    expect(
      refusal(
        csv('Project,Client,Description,User,Billable,Start Date,Start Time,Duration (decimal)\n'),
      ),
    ).toMatch(
      /^unknown_source: This file is not a report Hourmark can import: it has no Email column of Clockify Detailed report\./,
    );
    // The start of a zip (an .xlsx): NUL bytes no CSV has.
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14, 0]))).toMatch(
      /^unreadable_file: This file is not text/,
    );
    expect(refusal(new Uint8Array([]))).toMatch(/^unreadable_file: The file is empty/);
    // A UTF-16 mark followed by half a character.
    expect(refusal(new Uint8Array([0xff, 0xfe, 0x41]))).toMatch(
      /^unreadable_file: This file says it is Unicode text but is cut off/,
    );
  });
});
