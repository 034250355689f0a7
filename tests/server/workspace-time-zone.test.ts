import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleRegister } from '../../src/server/api/handlers';
import { handleCreateWorkspace } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { rows } from '../../src/server/sync/records';
import { context, cookieOf, drivers, fakeClock, freshAddress, post } from './support';

// Issue 31: a workspace made in a browser in Asia/Kolkata kept time in UTC until an Admin found
// the setting. It now starts in the creator's browser zone, stored under its current name
// (Chromium and Node 20 still say Asia/Calcutta and Europe/Kiev), and in UTC when the browser
// does not say.

describe.each(drivers)('a new workspace’s time zone on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let counter = 0;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  const zonesOf = async (email: string) => {
    const found = await rows<{ name: string; time_zone: string }>(
      database.db,
      sql`SELECT w.name, w.time_zone FROM workspaces w JOIN memberships m ON m.workspace_id = w.id
        JOIN users u ON u.id = m.user_id WHERE u.email = ${email} ORDER BY w.name`,
    );
    return found.map((r) => `${r.name}: ${r.time_zone}`);
  };
  const register = (extra: Record<string, unknown>) => {
    counter += 1;
    const email = `zone${counter}@example.com`;
    const body = { name: 'Priya', email, password: 'a long password 1', ...extra };
    return {
      email,
      res: handleRegister(post('/user/register', body), context(database, clock, freshAddress())),
    };
  };

  it('starts a sign-up’s workspace in the browser’s zone, under its current name', async () => {
    const { email, res } = register({ timeZone: 'Asia/Calcutta' });
    expect((await res).status).toBe(201);
    expect(await zonesOf(email)).toEqual(["Priya's workspace: Asia/Kolkata"]);
  });

  it('uses UTC when the browser does not say', async () => {
    const { email, res } = register({});
    expect((await res).status).toBe(201);
    expect(await zonesOf(email)).toEqual(["Priya's workspace: UTC"]);
  });

  it('refuses a zone that does not exist, beside the field, and creates nothing', async () => {
    const { email, res } = register({ timeZone: 'Mars/Olympus_Mons' });
    const answer = await res;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: 'invalid_request',
      fields: { timeZone: 'Not a time zone' },
    });
    expect(await zonesOf(email)).toEqual([]);
  });

  it('starts another workspace in the zone of the browser that creates it', async () => {
    const { email, res } = register({ timeZone: 'Europe/Berlin' });
    const cookie = cookieOf(await res);
    const created = await handleCreateWorkspace(
      post('/sync/workspaces', { name: 'Kyiv studio', timeZone: 'Europe/Kiev' }, cookie),
      context(database, clock),
    );
    expect(created.status).toBe(201);
    expect(await zonesOf(email)).toEqual([
      'Kyiv studio: Europe/Kyiv',
      "Priya's workspace: Europe/Berlin",
    ]);
  });
});
