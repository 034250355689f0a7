import { describe, expect, it } from 'vitest';
import { commands } from '../../../../src/lib/commands/catalog';
import { kindDescriptions, recordKinds } from '../../../../src/lib/records/kinds';
import { writeSchemas } from '../../../../src/lib/records/write-schemas';
import { mutationSpecs } from '../../../../src/lib/sync/mutations';
import { serverKinds } from '../../../../src/server/records/kinds';

// The registry of record kinds (issue 48): what every other part reads must hold together.

describe('the record kinds', () => {
  it('keeps the documented localStorage keys of SPEC.md, each list under its key', () => {
    expect(
      Object.fromEntries(
        recordKinds.map((k) => [kindDescriptions[k].list, kindDescriptions[k].storageKey]),
      ),
    ).toEqual({
      clients: 'clients',
      projects: 'project',
      tasks: 'task',
      members: 'Team',
      logs: 'taskData',
    });
  });

  it('names each kind as pulls do, and its stored changes and commands as the catalogs do', () => {
    for (const kind of recordKinds) {
      const { name, mutations, commands: named } = kindDescriptions[kind];
      expect(name).toBe(kind);
      expect(Object.keys(writeSchemas[kind].shape).sort()).toEqual(
        [...kindDescriptions[kind].storedFields].sort(),
      );
      for (const [op, stored] of [
        ['create', mutations.create],
        ['update', mutations.update],
        ['delete', mutations.remove],
      ] as const)
        expect(mutationSpecs[stored as keyof typeof mutationSpecs]).toMatchObject({ kind, op });
      for (const command of Object.values(named)) expect(commands).toHaveProperty(command);
    }
  });

  it('gives the server the same kinds, in the same order, with the same descriptions', () => {
    expect(serverKinds().map((k) => k.description)).toEqual(
      recordKinds.map((kind) => kindDescriptions[kind]),
    );
    for (const kind of serverKinds())
      expect(kind.fields).toBe(writeSchemas[kind.description.name as keyof typeof writeSchemas]);
  });
});
