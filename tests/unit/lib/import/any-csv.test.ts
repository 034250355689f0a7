import { describe, expect, it } from 'vitest';
import { headerShape } from '../../../../src/lib/import/any-csv-mapping';
import { readImportFile, type ReadOptions } from '../../../../src/lib/import/read-file';

// Any CSV (issue 33): rows read through a mapping, with figures worked out by hand.

const me = { name: 'Bo Lindqvist', email: 'Bo@Studio.test' };
const read = (text: string, mapping: ReadOptions['anyCsv']) =>
  readImportFile(new TextEncoder().encode(text), { anyCsv: mapping });

describe('Any CSV', () => {
  it('reads people, 12-hour starts, ends past midnight, billable and tags as mapped', () => {
    const file = read(
      [
        'When,From,Until,Who,Mail,Job,Paid,Labels',
        '2026-05-04,9:15 AM,11:45 AM,Ana,ANA@x.test,Site,yes,"a, b"',
        '2026-05-04,10:30 PM,1:15 AM,Ana,,Site,nein,',
        '2026-05-05,08:00,08:00,Ana,,Site,1,',
        '2026-05-05,08:00,09:00,,,Site,0,',
        '2026-05-05,08:00,09:00,Ana,,Site,maybe,',
      ].join('\n'),
      {
        mapping: {
          date: 'when',
          start: 'From',
          end: 'Until',
          personName: 'Who',
          personEmail: 'Mail',
          project: 'Job',
          billable: 'Paid',
          tags: 'Labels',
        },
        me,
      },
    );
    if (!file.ok) throw new Error(file.message);
    expect(file.source).toBe('any-csv');
    expect(
      file.entries.map((e) => [
        e.line,
        e.person.email || e.person.name,
        e.date,
        e.startTime,
        e.durationSeconds,
        e.billable,
        e.tags,
      ]),
    ).toEqual([
      // 9:15 to 11:45 is 2 h 30 min
      [2, 'ana@x.test', '2026-05-04', '09:15', 9000, true, ['a', 'b']],
      // 22:30 to 01:15 the next day is 2 h 45 min, on the start day
      [3, 'Ana', '2026-05-04', '22:30', 9900, false, []],
    ]);
    expect(file.problems).toEqual([
      { line: 4, reason: 'It lasts no time.' },
      { line: 5, reason: 'It names no person (its name and email cells are empty).' },
      { line: 6, reason: 'Billable “maybe” is neither Yes nor No.' },
    ]);
  });

  it('gives rows without a person column to the importer, and reads H:MM durations', () => {
    const file = read('Tag;Zeit\n01.06.2026;1:45\n02.06.2026;0,5\n', {
      mapping: { date: 'Tag', duration: 'Zeit' },
      me,
    });
    if (!file.ok) throw new Error(file.message);
    expect(file.numberFormat).toBe('decimal-comma');
    expect(file.entries.map((e) => [e.person, e.date, e.startTime, e.durationSeconds])).toEqual([
      [{ name: 'Bo Lindqvist', email: 'bo@studio.test' }, '2026-06-01', '', 6300],
      [{ name: 'Bo Lindqvist', email: 'bo@studio.test' }, '2026-06-02', '', 1800],
    ]);
  });

  it('names the field whose column the file lacks', () => {
    const file = read('Tag;Zeit\n01.06.2026;1:45\n', {
      mapping: { date: 'Tag', duration: 'Zeit', client: 'Kunde' },
      me,
    });
    expect(file).toMatchObject({ ok: false, error: 'unknown_column', field: 'client' });
  });

  it('offers the columns of a header to map, but not of a line of 301 cells', () => {
    const unknown = readImportFile(new TextEncoder().encode('Tag;Zeit\n01.06.2026;1:45\n'));
    expect(unknown).toMatchObject({ ok: false, error: 'unknown_source', columns: ['Tag', 'Zeit'] });
    const wide = Array.from({ length: 301 }, (_, i) => `c${i}`).join(',');
    const junk = read(`${wide}\n`, { mapping: { date: 'c0', duration: 'c1' }, me });
    expect(junk).toMatchObject({ ok: false, error: 'unknown_source' });
    expect('columns' in junk).toBe(false);
  });

  it('gives two headers with the same columns in another order one shape', () => {
    expect(headerShape(['Datum', 'Beginn', ' Projekt '])).toBe(
      headerShape(['projekt', 'DATUM', 'Beginn']),
    );
    expect(headerShape(['Datum', 'Beginn'])).not.toBe(headerShape(['Datum', 'Beginn', 'Ende']));
  });
});
