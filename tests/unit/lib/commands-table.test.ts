import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argumentNames, commandsTable } from '../../../src/lib/commands/commands-table';
import { workspaceCommands } from '../../../src/lib/commands/workspace-commands';

describe('the commands table of docs/api.md', () => {
  it('is what the catalogs hold (npm run docs:commands writes it)', () => {
    const doc = readFileSync('docs/api.md', 'utf8');
    const written = /<!-- commands-table:start -->\n([\s\S]*?)\n<!-- commands-table:end -->/.exec(
      doc,
    )?.[1];
    expect(written).toBe(commandsTable());
  });

  it('names each command with its arguments and the policy action that allows it', () => {
    const row = (name: string) =>
      commandsTable()
        .split('\n')
        .find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row('saveTeam')).toBe(
      '| `saveTeam` | REST | workspaceId, id?, name, memberIds, leadIds | `manageTeams` | Creates a team (no id) or replaces a team’s name, members and leads. |',
    );
    expect(row('shareReport')?.split(' | ')[3]).toBe('any member, on their own');
    expect(argumentNames(workspaceCommands.issueInvoice.args)).toBe('workspaceId, id, issueDate');
  });
});
