import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, repoPath, root, sources } from './source-files';
import { workspaceCommands } from '../../src/lib/commands/workspace-commands';
import { workspaceWrites } from '../../src/server/commands/writes';

// One write path (issue 48): every change to a workspace is a named command that execute()
// (src/server/commands/execute.ts) runs in one commit, or a batch of record commands a device
// pushed, which executeBatch (execute-batch.ts) runs in one commit; the import's batch writer
// commits each batch of its job (an import is started and undone by commands, through
// execute; an undo of many logs commits its later batches in undo.ts). No
// handler asks for a role, and no domain code words the policy's refusal itself.
//
// The writes not yet moved into the catalog are listed below by file, with how many of each
// they hold, so the list can only shrink: a new ad-hoc commit or role gate anywhere fails here.

/** How often `pattern` occurs in the code of each file under `dirs` (files with none left out). */
function occurrences(pattern: RegExp, dirs = ['src/server', 'src/pages', 'src/lib']) {
  const found: Record<string, number> = {};
  for (const path of dirs.flatMap((dir) => sources(join(root, dir)))) {
    const file = repoPath(path);
    const code = codeOf(readFileSync(path, 'utf8'));
    const count = code.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
    if (count > 0) found[file] = count;
  }
  return found;
}

describe('one write path', () => {
  it('commits only in execute and the import batch writer', () => {
    expect(occurrences(/(?<![\w.])commit\(/)).toEqual({
      'src/server/commands/execute.ts': 1,
      'src/server/commands/execute-batch.ts': 1,
      'src/server/commands/execute-membership.ts': 1,
      'src/server/imports/batch-start.ts': 1,
      // An undo removes an import's records in batches, a commit each, as the import wrote them:
      // its first commit is the command undoImport (through execute), this one the later ones'.
      'src/server/imports/undo.ts': 1,
    });
  });

  it('asks no role in a handler: no memberOf with an action, no adminRefusal, no ADMINS_ONLY', () => {
    // Reads name what they read (readerOf, src/lib/commands/workspace-reads.ts), never an
    // action or a role.
    expect(occurrences(/memberOf\((?:[^()]|\([^()]*\))*,\s*'[A-Za-z]+',?\s*\)/)).toEqual({});
    expect(occurrences(/\badminRefusal\(/)).toEqual({
      'src/lib/policy/index.ts': 1,
      'src/lib/policy/record-policy.ts': 1,
    });
    expect(occurrences(/\bADMINS_ONLY\b/)).toEqual({});
  });

  it('has one write on the server for each command of the catalog, and none besides', () => {
    expect(Object.keys(workspaceWrites).sort()).toEqual(Object.keys(workspaceCommands).sort());
    for (const [name, command] of Object.entries(workspaceCommands)) {
      expect(command.summary, name).toMatch(/^[A-Z].*\.$/);
      expect(command.args.safeParse({}).success, `${name} accepts no arguments`).toBe(false);
    }
  });
});
