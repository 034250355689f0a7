import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../../../src/lib/import/read-file';
import { structureItems } from '../../../../src/lib/import/structure';
import { readTogglAccount } from '../../../../src/lib/import/toggl-account';

// The readers of files without time (issue 33): rows they cannot read are listed with line and
// reason, names Hourmark cannot keep are left out and said, and the records come in the order
// the job counts.

const csv = (text: string) => readImportFile(new TextEncoder().encode(text));
const long = 'x'.repeat(201);

describe('Clockify’s projects CSV', () => {
  it('reads projects, rates and tasks, and lists the rows it cannot', () => {
    const read = csv(
      [
        '"Name","Client","Status","Visibility","Billability","Tasks","Billable Rate (EUR)","Project members"',
        '"Website","Acme","Active","Public","Yes","Design, Build","95,50","Ana Ruiz"',
        '"Retainer","Acme","Archived","Private","Maybe","","",""',
        '"Audit","","Active","Public","Yes","","lots",""',
        '"","Acme","Active","Public","No","","",""',
        `"${long}","Acme","Active","Public","No","",""," "`,
        '"Support","Acme","Active","Public","No","Phone","",""',
      ].join('\n'),
    );
    expect(read.ok && read.source).toBe('clockify-projects');
    if (!read.ok) return;
    expect(read.entries).toEqual([]);
    expect(read.numberFormat).toBe('decimal-comma');
    expect(read.problems).toEqual([
      { line: 3, reason: 'Its Billability “Maybe” is neither Yes nor No.' },
      { line: 4, reason: 'Its Billable Rate “lots” is not a number.' },
      { line: 5, reason: 'It has no project name.' },
      {
        line: 6,
        reason: `The project “${'x'.repeat(40)}…” has a name longer than 200 characters, the most Hourmark keeps: it is not imported.`,
      },
    ]);
    expect(
      read.structure?.projects.map((p) => [p.name, p.client, p.billable, p.rate, p.tasks]),
    ).toEqual([
      ['Website', 'Acme', 'project', 95.5, ['Design', 'Build']],
      ['Support', 'Acme', 'false', null, ['Phone']],
    ]);
    expect(
      structureItems(read.structure ?? { clients: [], projects: [], tags: [], notCarried: [] }).map(
        (i) => i.kind,
      ),
    ).toEqual(['client', 'project', 'project', 'task', 'task', 'task']);
  });
});

describe('Harvest’s projects CSV', () => {
  it('says which required column a projects list lacks', () => {
    const read = csv('Client,Project,Billable Hours\nAcme,Website,"2,0"\n');
    expect(read).toMatchObject({ ok: false, error: 'unknown_source' });
    expect(!read.ok && read.message).toContain('it has no Budget column of Harvest projects.');
  });
});

describe('Toggl Track’s account export', () => {
  it('leaves out a project whose name is too long, naming where it is', () => {
    const files = new Map([
      ['clients.json', '[{"id": 1, "name": "Acme"}]'],
      [
        'projects.json',
        JSON.stringify([
          { id: 7, name: long, client_id: 1, billable: true, rate: 50, active: true },
          { id: 8, name: 'Website', client_id: 1, billable: true, rate: null, active: false },
        ]),
      ],
      ['tasks/8.json', '[{"name": "Design"}]'],
    ]);
    const read = readTogglAccount(files);
    expect(read.ok && read.problems).toEqual([
      {
        line: 1,
        reason: `The project “${'x'.repeat(40)}…” (number 1 in projects.json) has a name longer than 200 characters, the most Hourmark keeps: it is not imported.`,
      },
    ]);
    expect(read.ok && read.structure.projects).toMatchObject([
      {
        name: 'Website',
        client: 'Acme',
        billable: 'member',
        rate: null,
        archived: true,
        tasks: ['Design'],
      },
    ]);
  });
});
