import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../src/lib/policy';
import { describeKind } from '../../src/lib/records/kind';
import { recordId, text } from '../../src/lib/sync/fields';
import type { Database } from '../../src/server/db/connect';
import { registerKind } from '../../src/server/records/kinds';
import type { ServerKind } from '../../src/server/records/kind';
import { exportWorkspace } from '../../src/server/sync/export';
import { pull } from '../../src/server/sync/pull';
import { rows } from '../../src/server/sync/records';
import { changesForReaders } from '../../src/server/sync/viewer-changes';
import { membershipOf } from '../../src/server/sync/workspaces';
import { drivers } from './support';
import { joinWorkspace, pusher, signUp, teamMember, type SignedUp } from './workspace-support';

// Issue 48, "a record kind described once": a kind the app does not have, `note`, added the way
// docs/architecture.md says (a description, a server part and a table) and nothing else, syncs
// end to end: pushed by one person's device, pulled by another's, delivered by a poke, refused
// to someone its policy question says no to, and never sent to someone its rule does not show
// it to. Its table is made here, not by a migration of the product.

const noteKind = describeKind({
  name: 'note',
  label: 'note',
  list: 'notes',
  storageKey: 'notes',
  readSchema: () => Promise.resolve(null),
  storedFields: ['ownerId', 'title', 'body', 'cost'],
  publicNames: {},
  mutations: { create: 'createNote', update: 'updateNote', remove: 'deleteNote' },
  commands: { create: 'createNote', edit: 'editNote', remove: 'deleteNote' },
  references: { ownerId: 'member' },
});

/** A note: visible to its owner only; its cost is an amount, hidden from who may not see amounts. */
const noteServerKind: ServerKind = {
  description: noteKind,
  fields: z
    .object({
      ownerId: recordId,
      title: text(200),
      body: text(2000),
      cost: z.number().min(0),
    })
    .strict(),
  table: 'test_notes',
  columns: (data) => ({ owner_id: data['ownerId'] ?? null }),
  visibleTo: ({ viewer, col }) => sql`${col('owner_id')} = ${viewer.memberId}`,
  hidden: [{ unless: 'seesAmounts', emptied: { cost: 0 } }],
  // One's own note is one's own; someone else's is a team member's business ('manageMembers').
  refusal: ({ actor, before, after }) =>
    [before?.['ownerId'], after?.['ownerId']].every(
      (id) => id === undefined || id === actor.memberId,
    )
      ? null
      : can(actor, 'manageMembers', 'workspace', {}),
};

const noteTable = sql`CREATE TABLE test_notes (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  data jsonb NOT NULL,
  owner_id text,
  version bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
)`;

interface Pulled {
  kind: string;
  id: string;
  deleted: boolean;
  data: Record<string, unknown> | null;
}

describe.each(drivers)('a throwaway record kind on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let unregister: () => void;
  let admin: SignedUp;
  let nia: SignedUp;
  let mo: SignedUp;
  const push = pusher(
    () => database,
    () => admin.workspace.id,
  );

  const emails = new Map<SignedUp, string>();
  const userIdOf = async (who: SignedUp): Promise<string> => {
    const [row] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id::text FROM users WHERE email = ${emails.get(who) ?? ''}`,
    );
    if (!row) throw new Error('no such person');
    return row.id;
  };

  /** The notes a device of `who` pulls (from the start, or since `cookie`), and the new cookie. */
  const pullNotes = async (who: SignedUp, cookie: number | null = null) => {
    const answer = await pull(database.db, await userIdOf(who), {
      workspaceId: admin.workspace.id,
      cookie,
      upTo: null,
      cursor: null,
    });
    if (answer.kind !== 'ok') throw new Error(answer.kind);
    const changes = JSON.parse(`[${answer.changes.toString()}]`) as Pulled[];
    return {
      notes: changes.filter((change) => change.kind === 'note'),
      cookie: Number(answer.cookie),
    };
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    await database.db.execute(noteTable);
    unregister = registerKind(noteServerKind);
    admin = await signUp(database, { name: 'Ada', email: 'ada.notes@example.com' });
    emails.set(admin, 'ada.notes@example.com');
    for (const [memberId, name, role] of [
      ['m-nia', 'Nia', 'Normal'],
      ['m-mo', 'Mo', 'Manager'],
    ] as const)
      await push.ok(admin, 'createMember', { id: memberId, fields: teamMember(name, role) });
    nia = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Nia', email: 'nia.notes@example.com' },
      'Normal',
      'm-nia',
    );
    emails.set(nia, 'nia.notes@example.com');
    mo = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Mo', email: 'mo.notes@example.com' },
      'Manager',
      'm-mo',
    );
    emails.set(mo, 'mo.notes@example.com');
  });
  afterAll(async () => {
    unregister();
    await drop();
  });

  it('syncs a note pushed from one device to another, and only to whom its rule shows it', async () => {
    const before = await pullNotes(admin);
    expect(before.notes).toEqual([]);

    await push.ok(nia, 'createNote', {
      id: 'n-1',
      fields: { ownerId: 'm-nia', title: 'Call Acme', body: 'About the invoice', cost: 12 },
    });

    // The Admin's device sees every row and every amount.
    const atAdmin = await pullNotes(admin, before.cookie);
    expect(atAdmin.notes).toMatchObject([
      {
        id: 'n-1',
        deleted: false,
        data: { ownerId: 'm-nia', title: 'Call Acme', body: 'About the invoice', cost: 12 },
      },
    ]);
    // Its owner's other device: her note, without the amount a Normal member is not shown.
    expect((await pullNotes(nia)).notes).toMatchObject([
      { id: 'n-1', data: { title: 'Call Acme', cost: 0 } },
    ]);
    // A Manager whom the rule does not show it to never receives it.
    expect((await pullNotes(mo)).notes).toEqual([]);

    // A poke's delivery reads it once for everyone listening, with the same rule.
    const readers = await Promise.all(
      [admin, nia, mo].map(async (who) => {
        const userId = await userIdOf(who);
        const membership = await membershipOf(database.db, userId, admin.workspace.id);
        if (!membership) throw new Error('not a member');
        return { userId, membership, since: before.cookie };
      }),
    );
    const delivered = await changesForReaders(
      database.db,
      admin.workspace.id,
      readers,
      atAdmin.cookie,
      100,
    );
    if (delivered.tooMany) throw new Error('too many');
    expect(delivered.byReader.map((changes) => changes.map((c) => `${c.kind}:${c.id}`))).toEqual([
      ['note:n-1'],
      ['note:n-1'],
      [],
    ]);

    // An edit and a delete follow it to the other device.
    await push.ok(nia, 'updateNote', { id: 'n-1', changes: { title: 'Call Acme today' } });
    const edited = await pullNotes(admin, atAdmin.cookie);
    expect(edited.notes).toMatchObject([{ id: 'n-1', data: { title: 'Call Acme today' } }]);
    await push.ok(nia, 'deleteNote', { id: 'n-1' });
    expect((await pullNotes(admin, edited.cookie)).notes).toEqual([
      expect.objectContaining({ id: 'n-1', deleted: true, data: null }),
    ]);
  });

  it('asks the policy question its kind names, and checks the references its description lists', async () => {
    await push.ok(nia, 'createNote', {
      id: 'n-2',
      fields: { ownerId: 'm-nia', title: 'Mine', body: '', cost: 0 },
    });
    expect(await push.refusal(mo, 'updateNote', { id: 'n-2', changes: { title: 'Ours' } })).toBe(
      'Only Admins can change team members.',
    );
    expect(
      await push.refusal(admin, 'createNote', {
        id: 'n-3',
        fields: { ownerId: 'm-nobody', title: 'Lost', body: '', cost: 0 },
      }),
    ).toBe('The team member this note refers to (ownerId) does not exist in this workspace.');
    expect(
      await push.refusal(nia, 'createNote', { id: 'n-4', fields: { ownerId: 'm-nia', title: 3 } }),
    ).toMatch(/^fields\./);
  });

  it('is in Export my data under its key, as its rule and redaction show it to each reader', async () => {
    await push.ok(nia, 'createNote', {
      id: 'n-5',
      fields: { ownerId: 'm-nia', title: 'Invoice Acme', body: 'Friday', cost: 40 },
    });
    const exported = async (who: SignedUp) => {
      const answer = await exportWorkspace(
        database.db,
        await userIdOf(who),
        admin.workspace.id,
        new Date('2026-11-29T08:00:00.000Z'),
      );
      if (answer.kind !== 'ok') throw new Error(answer.kind);
      return answer.document as unknown as Record<string, unknown>;
    };
    const atAdmin = await exported(admin);
    // The documented keys first, in the registry's order, then the throwaway kind's own.
    expect(Object.keys(atAdmin)).toEqual([
      'exportedAt',
      'workspace',
      'clients',
      'project',
      'task',
      'Team',
      'taskData',
      'notes',
    ]);
    // Live notes only (n-1 was deleted above), each with its fields and the times it was made.
    expect(atAdmin['notes']).toEqual([
      expect.objectContaining({ id: 'n-2', title: 'Mine', cost: 0 }),
      expect.objectContaining({ id: 'n-5', title: 'Invoice Acme', body: 'Friday', cost: 40 }),
    ]);
    // Its owner's export: her notes, with the amount a Normal member is not shown emptied.
    expect(await exported(nia)).toMatchObject({
      notes: [
        { id: 'n-2', cost: 0 },
        { id: 'n-5', title: 'Invoice Acme', cost: 0 },
      ],
    });
    // A Manager whom the rule does not show them to exports none.
    expect((await exported(mo))['notes']).toEqual([]);
  });
});
