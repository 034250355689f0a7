import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rolesTable } from '../../../src/lib/policy/roles-table';

describe('the roles table of docs/security.md', () => {
  it('is what the policy decides (npm run docs:roles writes it)', () => {
    const doc = readFileSync('docs/security.md', 'utf8');
    const written = /<!-- roles-table:start -->\n([\s\S]*?)\n<!-- roles-table:end -->/.exec(
      doc,
    )?.[1];
    expect(written).toBe(rolesTable());
  });

  it('says the rules people ask about, as the policy has them', () => {
    const row = (label: string) =>
      rolesTable()
        .split('\n')
        .find((line) => line.startsWith(`| ${label} |`));
    // Admin, Manager, Manager leading a team, Normal member.
    expect(row('Set rates (projects, tasks, team members)')).toBe(
      '| Set rates (projects, tasks, team members) | yes | no | no | no |',
    );
    expect(row('Change or remove a log on an issued invoice')).toBe(
      '| Change or remove a log on an issued invoice | no | no | no | no |',
    );
    expect(row('Track time for someone outside the teams they lead')).toBe(
      '| Track time for someone outside the teams they lead | yes | yes | no | no |',
    );
  });
});
