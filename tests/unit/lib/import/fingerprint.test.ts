import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fingerprints } from '../../../../src/lib/import/fingerprint';
import { readImportFile } from '../../../../src/lib/import/read-file';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const HEADER =
  'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)';
const CALL = 'Ana,ana@x.test,,P,,Call,No,2026-10-05,09:00:00,,,00:15:00,,';
const entriesOf = (lines: string[]) => {
  const file = readImportFile(new TextEncoder().encode([HEADER, ...lines].join('\n')));
  if (!file.ok) throw new Error(file.message);
  return file.entries;
};

describe('recognising rows seen before', () => {
  it('gives two identical rows of one file different fingerprints, and the same file the same ones', () => {
    const once = fingerprints(entriesOf([CALL, CALL]), sha256);
    expect(new Set(once).size).toBe(2);
    expect(fingerprints(entriesOf([CALL, CALL]), sha256)).toEqual(once);
  });

  it('matches an overlapping file’s rows, and only its third identical row is new', () => {
    const first = fingerprints(entriesOf([CALL, CALL]), sha256);
    const later = fingerprints(
      entriesOf([CALL.replace('2026-10-05', '2026-10-04'), CALL, CALL, CALL]),
      sha256,
    );
    expect(later.filter((f) => !first.includes(f))).toEqual([later[0], later[3]]);
  });

  it('sees the same row through tags, billable, amount, encoding and the email’s case', () => {
    const ofFixture = (name: string) => {
      const file = readImportFile(readFileSync(`tests/fixtures/import/${name}`));
      if (!file.ok) throw new Error(file.message);
      return fingerprints(file.entries, sha256);
    };
    const utf8 = ofFixture('toggl-detailed.csv');
    const windows = ofFixture('toggl-windows-1252.csv');
    expect(windows).toEqual(utf8);
    const [edited] = entriesOf([
      'Ana,ANA@x.test,,P,,Call,Yes,2026-10-05,09:00:00,,,00:15:00,x,9.00',
    ]);
    const [original] = entriesOf([CALL]);
    expect(fingerprints([edited!], sha256)).toEqual(fingerprints([original!], sha256));
    const [longer] = entriesOf([CALL.replace('00:15:00', '00:15:01')]);
    expect(fingerprints([longer!], sha256)).not.toEqual(fingerprints([original!], sha256));
  });
});
