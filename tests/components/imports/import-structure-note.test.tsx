// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ImportStructureNote,
  hasWork,
  startLabel,
} from '../../../src/islands/account/imports/ImportStructureNote';
import type { ImportPreview } from '../../../src/stores/imports';
import { samplePreview } from './sample-preview';

// Issue 33: a file of clients and projects without time (Toggl's account export fixture) says
// plainly that no time comes with it, what does and does not, and starts an import of records.

const none = { create: 0, match: 0, created: [] };
const accountExport: ImportPreview = {
  ...samplePreview,
  source: 'toggl-account',
  sourceName: 'Toggl Track account export (zip)',
  rows: { importable: 0, refused: 0, alreadyImported: 0 },
  dateRange: null,
  totalSeconds: 0,
  billableSeconds: 0,
  clients: { create: 2, match: 0, created: ['Acme GmbH', 'Old Client'] },
  projects: { create: 3, match: 0, created: ['Website relaunch', 'Support retainer', 'Internal'] },
  tasks: {
    create: 3,
    match: 0,
    created: ['Website relaunch / Design', 'Website relaunch / Build', 'Internal / Admin'],
  },
  tags: none,
  members: none,
  people: [],
  structure: {
    archivedProjects: 1,
    projectMembers: 1,
    peopleNotFound: ['Ana Ruiz'],
    tags: 2,
    notCarried: ['colours', 'groups'],
  },
};

describe('ImportStructureNote', () => {
  it('says there is no time, what comes over and what does not', () => {
    render(<ImportStructureNote preview={accountExport} />);
    expect(screen.getByText('No time in this file.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1 new project is archived in the file and will be archived here.',
      '1 team member is put on the new projects, as in the file.',
      'Not team members here, so not put on projects: Ana Ruiz. Nobody is invited or created by this import.',
      '2 tags are not carried over: Hourmark keeps tags on time logs.',
      'Not carried over: colours, groups.',
    ]);
    // 2 clients + 3 projects + 3 tasks
    expect(startLabel(accountExport)).toBe('Start import of 8 records');
    expect(hasWork(accountExport)).toBe(true);
  });

  it('has nothing to start when every record is in Hourmark already, and says nothing for a time report', () => {
    const again = {
      ...accountExport,
      clients: { create: 0, match: 2, created: [] },
      projects: { create: 0, match: 3, created: [] },
      tasks: { create: 0, match: 3, created: [] },
    };
    expect(hasWork(again)).toBe(false);
    expect(startLabel(samplePreview)).toBe('Start import of 6 logs');
    const { container } = render(<ImportStructureNote preview={samplePreview} />);
    expect(container.textContent).toBe('');
  });
});
