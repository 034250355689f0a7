// @vitest-environment jsdom
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientSchema } from '../../../src/lib/entities/client';
import { projectSchema } from '../../../src/lib/entities/project';
import { $projectChoices, clientProjectLabel } from '../../../src/stores/choices';
import { $clients } from '../../../src/stores/clients';
import { $projects } from '../../../src/stores/projects';

const client = (id: string, name: string, status: 'Active' | 'Archived') =>
  clientSchema.parse({ id, name, email: `${id}@x.test`, status });
const project = (id: string, clientId: string | null, client = '', status = 'Active') =>
  projectSchema.parse({ id, projectName: id, clientId, client, status });

beforeEach(() => {
  localStorage.clear();
  $clients.set([client('acme', 'Acme', 'Active'), client('beta', 'Beta', 'Archived')]);
  $projects.set([
    project('Website', 'acme'),
    project('Audit', 'beta', 'Beta'),
    project('Old site', 'acme', '', 'Archived'),
    project('Internal', null),
    project('Orphan', 'deleted-client', 'Gone Ltd'),
  ]);
  keepMount($projectChoices);
});

afterEach(() => {
  cleanStores($projectChoices);
});

describe('$projectChoices', () => {
  it("offers active projects except an archived client's, grouped by client name", () => {
    expect($projectChoices.get()).toEqual([
      { value: 'Website', label: 'Website', group: 'Acme' },
      { value: 'Orphan', label: 'Orphan', group: 'Gone Ltd' },
      { value: 'Internal', label: 'Internal', group: 'No client' },
    ]);
  });

  it('offers the projects again once their client is restored', () => {
    $clients.set([client('acme', 'Acme', 'Active'), client('beta', 'Beta', 'Active')]);
    expect($projectChoices.get().map((c) => c.value)).toEqual([
      'Website',
      'Audit',
      'Orphan',
      'Internal',
    ]);
    expect(clientProjectLabel('Audit')).toBe('Beta / Audit');
  });
});
