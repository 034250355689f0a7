import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath, root, sources } from './source-files';

// Roles are compared in one place only, src/lib/policy (issues 25 and 48). eslint.config.js finds
// a role compared in TypeScript (`x.role === 'Admin'`), but not one compared inside a SQL
// template (`role = 'Admin'` hid in three files), in an .astro page, or a role hard-coded as data
// (`resetVisibility({ role: 'Manager' })`). This test reads every source file outside the policy
// and fails on any quoted role name: code asks the policy's predicates (isAdmin, leadsWork…),
// SQL asks `role IN ${rolesThat(…)}`, and defaults use founderRole and newMemberRole.

const roleName = /(['"`])(Admin|Manager|Normal)\1/;

/**
 * Where a role may be named outside the policy: declarations only, each with its reason. A line
 * is allowed when its file is listed and the line contains one of the file's snippets.
 */
const allowed: Record<string, { snippets: string[]; why: string }> = {
  'src/server/db/migrations.ts': {
    snippets: [
      "CHECK (role IN ('Admin', 'Manager', 'Normal'))",
      "'Role', 'Admin'",
      "SELECT id, id, 'Admin', id::text, now() FROM users",
    ],
    why: 'Migrations are the schema’s history: the column’s CHECK, and the first users made Admins of their own workspaces when workspaces began. A migration that has run is never edited.',
  },
};

/** Every line naming a role outside the policy and the allow-list, as `file:line: text`. */
function roleNamesOutsidePolicy(): string[] {
  const found: string[] = [];
  for (const path of sources(join(root, 'src'), /\.(ts|tsx|astro|mjs|js)$/)) {
    const file = repoPath(path);
    if (file.startsWith('src/lib/policy/')) continue;
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!roleName.test(line)) return;
      if (allowed[file]?.snippets.some((snippet) => line.includes(snippet))) return;
      found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('role names outside the policy', () => {
  it('are found nowhere in src but the allowed declarations', () => {
    expect(roleNamesOutsidePolicy()).toEqual([]);
  });

  it('would be found in a SQL template, a TS comparison and as data', () => {
    // The pattern the test reads with, on the three shapes issue 48 removed.
    for (const line of [
      "sql`SELECT user_id FROM memberships WHERE role = 'Admin' AND NOT archived`",
      "if (membership.role !== 'Normal') return;",
      'resetVisibility({ role: "Manager" });',
    ])
      expect([line, roleName.test(line)]).toEqual([line, true]);
    // Words about roles in a sentence are not role names compared.
    expect(roleName.test('Only Admins can change clients.')).toBe(false);
  });

  it('keeps every allow-list entry in use, so a removed declaration leaves no open door', () => {
    for (const [file, { snippets }] of Object.entries(allowed)) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const snippet of snippets)
        expect([file, snippet, text.includes(snippet)]).toEqual([file, snippet, true]);
    }
  });
});
