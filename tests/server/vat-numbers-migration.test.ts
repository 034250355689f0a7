import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { rows } from '../../src/server/sync/records';
import { drivers } from './support';
import { signUp } from './workspace-support';

// Issue 27, point 2: tax numbers stored before were all written on e-invoices as VAT identifiers.
// Migration 0022 moves a number with an ISO country prefix to vatNumber; any other (a GSTIN)
// stays in taxNumber, which e-invoices now write as the tax registration (BT-32) / legal id.

describe.each(drivers)('moving VAT numbers apart on $name (migration 0022)', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const eu = randomUUID();
  const indian = randomUUID();

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    await signUp(database, { name: 'Ada', email: 'ada.vat@example.com' });
    const [user] = await rows<{ id: string }>(database.db, sql`SELECT id FROM users`);
    const stamp = '2026-11-20T10:00:00Z';
    const workspace = (id: string, taxNumber: string) =>
      database.db.execute(
        sql`INSERT INTO workspaces (id, name, version, created_at, invoice_settings)
          VALUES (${id}, 'W', 7, ${stamp}, ${JSON.stringify({ taxNumber, country: 'IN' })}::jsonb)`,
      );
    await workspace(eu, 'de 811.907-980');
    await workspace(indian, '27AAPFU0939F1ZV');
    const client = (workspaceId: string, id: string, taxNumber: string) =>
      database.db.execute(
        sql`INSERT INTO clients (workspace_id, id, data, version, created_at, updated_at)
          VALUES (${workspaceId}, ${id}, ${JSON.stringify({ name: id, taxNumber })}::jsonb, 3, ${stamp}, ${stamp})`,
      );
    await client(eu, 'paris', 'FR40303265045');
    await client(eu, 'athens', 'EL094259216');
    await client(eu, 'pune', '29ABCDE1234F1Z5');
    await client(indian, 'mumbai', '27AAACR5055K1Z7');
    await database.db.execute(
      sql`INSERT INTO invoices (id, workspace_id, client_id, status, document, created_by, created_at, updated_at)
        VALUES ('inv1', ${eu}, 'paris', 'issued', ${JSON.stringify({
          seller: { name: 'S', address: '', taxNumber: 'DE811907980' },
          buyer: { name: 'B', address: '', taxNumber: 'FR40303265045', email: '' },
        })}::jsonb, ${user?.id}, ${stamp}, ${stamp})`,
    );
    await database.db.execute(
      sql`DELETE FROM schema_migrations WHERE id = '0022_vat_numbers_apart'`,
    );
    expect(await migrate(database.transaction)).toEqual(['0022_vat_numbers_apart']);
  });
  afterAll(async () => drop());

  it('moves prefixed numbers to vatNumber and leaves the others as tax numbers', async () => {
    const settings = await rows<{ id: string; s: Record<string, string>; version: string }>(
      database.db,
      sql`SELECT id, invoice_settings AS s, version::text FROM workspaces
        WHERE id IN (${eu}, ${indian}) ORDER BY id = ${eu} DESC`,
    );
    expect(settings.map((w) => [w.s['vatNumber'] ?? '', w.s['taxNumber'], w.version])).toEqual([
      // The EU workspace's clients changed: one version up, which those clients carry.
      ['de 811.907-980', '', '8'],
      ['', '27AAPFU0939F1ZV', '7'],
    ]);
    const clients = await rows<{ id: string; data: Record<string, string>; version: string }>(
      database.db,
      sql`SELECT id, data, version::text FROM clients WHERE workspace_id IN (${eu}, ${indian}) ORDER BY id`,
    );
    expect(
      clients.map((c) => [c.id, c.data['vatNumber'] ?? '', c.data['taxNumber'], c.version]),
    ).toEqual([
      ['athens', 'EL094259216', '', '8'],
      ['mumbai', '', '27AAACR5055K1Z7', '3'],
      ['paris', 'FR40303265045', '', '8'],
      ['pune', '', '29ABCDE1234F1Z5', '3'],
    ]);
    const [invoice] = await rows<{ document: Record<string, Record<string, string>> }>(
      database.db,
      sql`SELECT document FROM invoices WHERE id = 'inv1'`,
    );
    expect(invoice?.document['seller']).toEqual({
      name: 'S',
      address: '',
      taxNumber: '',
      vatNumber: 'DE811907980',
    });
    expect(invoice?.document['buyer']?.['vatNumber']).toBe('FR40303265045');
  });
});
