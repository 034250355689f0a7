import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePull } from '../../src/server/api/sync-handlers';
import {
  handleSaveWorkspaceSettings,
  handleWorkspaceSettings,
} from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import { joinWorkspace, signUp } from './workspace-support';

// Issue 47, point 11: how a workspace shows durations on screen is its Admin's choice, kept with
// the workspace (migration 0034) and carried by every member's pull, so Ravi's phone shows what
// Ada chose: the clock (1:20) for every workspace until she chooses decimal hours (1.33).

describe.each(drivers)('the workspace’s duration format on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let ravi: Awaited<ReturnType<typeof joinWorkspace>>;
  const ctx = () => context(database, clock);
  const settings = (changes: Record<string, unknown>) => ({
    workspaceId: admin.workspace.id,
    name: 'Kranich',
    managersSeeAmounts: false,
    timeZone: 'Europe/Berlin',
    weekStart: 1,
    lockedUpTo: null,
    autoLock: null,
    ...changes,
  });
  const save = async (changes: Record<string, unknown>) => {
    const res = await handleSaveWorkspaceSettings(
      post('/api/workspace-settings', settings(changes), admin.cookie),
      ctx(),
    );
    return [res.status, (await res.json()) as Record<string, unknown>] as const;
  };
  const read = async () => {
    const res = await handleWorkspaceSettings(
      get(`/api/workspace-settings?workspace=${admin.workspace.id}`, admin.cookie),
      ctx(),
    );
    return ((await res.json()) as { settings: { durationFormat: string } }).settings.durationFormat;
  };
  const pulled = async (who: { cookie: string }) => {
    const res = await handlePull(
      get(`/sync/pull?workspace=${admin.workspace.id}`, who.cookie),
      ctx(),
    );
    return ((await res.json()) as { access: { rules: { durationFormat: string } } }).access.rules
      .durationFormat;
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.durations@example.com' }, clock);
    ravi = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Ravi', email: 'ravi.durations@example.com' },
      'Manager',
      'm-ravi',
      clock,
    );
  });
  afterAll(async () => drop());

  it('starts on the clock, and every member’s pull carries decimal hours once the Admin chooses them', async () => {
    expect([await read(), await pulled(ravi)]).toEqual(['clock', 'clock']);
    const [status] = await save({ durationFormat: 'decimal' });
    expect(status).toBe(200);
    expect([await read(), await pulled(ravi), await pulled(admin)]).toEqual([
      'decimal',
      'decimal',
      'decimal',
    ]);
    // A screen from before issue 47 saves the rest without it: it stays as chosen.
    expect((await save({ name: 'Kranich GmbH' }))[0]).toBe(200);
    expect(await read()).toBe('decimal');
  });

  it('refuses a format it does not know, beside the field', async () => {
    const [status, body] = await save({ durationFormat: 'minutes' });
    expect([
      status,
      body['error'],
      (body['fields'] as Record<string, string>)['durationFormat'],
    ]).toEqual([400, 'invalid_request', 'Choose 1:20 or 1.33']);
    expect(await read()).toBe('decimal');
  });
});
