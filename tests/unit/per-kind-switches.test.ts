import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, repoPath, root, sources } from './source-files';
import { recordKinds } from '../../src/lib/records/kinds';

// A record kind is described once (issue 48): its module under src/lib/records/kinds and
// src/server/records/kinds says what is special about it, and the generic code asks the
// registry. A new `kind === 'timeLog'`, `case 'client':` or table keyed by kind (`timeLog: …`)
// anywhere else fails here. What remains is listed by file with how many it holds, each with
// why it is not a per-kind switch of the sync code; the list may only shrink.

const kinds = recordKinds.join('|');

/** Where the kinds are described: the only places that may name one to decide something. */
const described = ['src/lib/records/', 'src/server/records/'];

/** How often `pattern` occurs in the code of each file under src (the kinds' modules left out). */
function occurrences(pattern: RegExp): Record<string, number> {
  const found: Record<string, number> = {};
  for (const path of sources(join(root, 'src'))) {
    const file = repoPath(path);
    if (described.some((dir) => file.startsWith(dir))) continue;
    const count = codeOf(readFileSync(path, 'utf8')).match(
      new RegExp(pattern.source, 'gm'),
    )?.length;
    if (count) found[file] = count;
  }
  return found;
}

describe('record kinds are described once', () => {
  it('compares a kind with a kind only where the word means something else', () => {
    expect(occurrences(new RegExp(`\\bkind\\s*[!=]==?\\s*'(${kinds})'`))).toEqual({
      // The kinds of rows an import's structure file lists (its own items, not synced records).
      'src/server/imports/structure-preview.ts': 3,
      'src/server/imports/structure-step.ts': 3,
      // What still uses a record an import made, asked before undoing it: undo's own rule, to
      // become a hook of the kinds when undoing an import is a command (issue 48, i48-execute).
      'src/server/imports/undo.ts': 3,
      // An invoice number's parts (`{client}`), not a record.
      'src/lib/invoice-number.ts': 2,
      // The policy's words for a held project or client: the policy words its own refusals.
      'src/lib/policy/invoice-hold.ts': 1,
      // What a stored change to a log is (edit, submit, review): the policy's one place for it.
      'src/lib/policy/log-change.ts': 1,
    });
  });

  it('switches on a kind only where the word means something else', () => {
    expect(occurrences(new RegExp(`case '(${kinds})':`))).toEqual({
      // Report groupings (by client, project, task, member) and their SQL keys.
      'src/server/reports/detailed.ts': 4,
      // How a project bills (by member, task or project rate), not a record kind.
      'src/lib/rates.ts': 3,
      'src/lib/billable-rate.ts': 3,
      // The policy's subjects (a project, a log, the workspace).
      'src/lib/policy/index.ts': 1,
    });
  });

  it('keys no table by kind outside the kinds’ modules', () => {
    // An object literal with a key per kind (`timeLog: …`, `client: 'clients'`,
    // `project: { table: … }`) is a table keyed by kind.
    expect(
      occurrences(
        new RegExp(`^\\s*(timeLog\\??:\\s|(${kinds})\\??:\\s*('[a-z_]+s',?$|\\{ *table\\b))`),
      ),
    ).toEqual({});
  });
});
