import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleRegister } from '../../src/server/api/handlers';
import {
  handleInvoiceSettings,
  handleSaveInvoiceSettings,
} from '../../src/server/api/invoice-handlers';
import { handlePull, handleWorkspaces } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, cookieOf, drivers, fakeClock, freshAddress, get, post } from './support';

// Issue 47, point 7: invoice settings started at India and INR in a workspace set up in Germany
// (its browser in Europe/Berlin). The country and currency now come from the workspace's time
// zone until an Admin chooses them, every screen bills in that currency, and every ISO 4217
// currency can be chosen, not 8.

describe.each(drivers)('a workspace’s country and currency on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-28T09:00:00Z'));
  let counter = 0;
  const ctx = () => context(database, clock);
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  /** Signs up from a browser in `timeZone`; the new workspace's id and the session. */
  async function signUpIn(timeZone?: string) {
    counter += 1;
    const res = await handleRegister(
      post('/user/register', {
        name: 'Jonas',
        email: `jonas${counter}@example.com`,
        password: 'a long password 1',
        ...(timeZone ? { timeZone } : {}),
      }),
      context(database, clock, freshAddress()),
    );
    expect(res.status).toBe(201);
    const cookie = cookieOf(res);
    const listed = await handleWorkspaces(get('/sync/workspaces', cookie), ctx());
    const [workspace] = ((await listed.json()) as { workspaces: { id: string }[] }).workspaces;
    if (!workspace) throw new Error('sign-up gave no workspace');
    return { cookie, workspaceId: workspace.id };
  }
  const settingsOf = async (who: { cookie: string; workspaceId: string }) => {
    const res = await handleInvoiceSettings(
      get(`/sync/invoice-settings?workspace=${who.workspaceId}`, who.cookie),
      ctx(),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { settings: Record<string, unknown> }).settings;
  };
  const pulledCurrency = async (who: { cookie: string; workspaceId: string }) => {
    const res = await handlePull(get(`/sync/pull?workspace=${who.workspaceId}`, who.cookie), ctx());
    expect(res.status).toBe(200);
    return ((await res.json()) as { access: { currency: string } }).access.currency;
  };
  const save = (who: { cookie: string; workspaceId: string }, changes: Record<string, unknown>) =>
    handleSaveInvoiceSettings(
      post(
        '/sync/invoice-settings',
        {
          workspaceId: who.workspaceId,
          companyName: 'Jonas Studio',
          address: 'Torstraße 1, Berlin',
          taxNumber: '',
          country: 'DE',
          currency: 'EUR',
          numberPattern: '{YYYY}-{SEQ:4}',
          counter: 'yearly',
          paymentTermsDays: 14,
          note: '',
          ...changes,
        },
        who.cookie,
      ),
      ctx(),
    );

  it('starts a workspace set up in Berlin at Germany and euros, and bills in euros', async () => {
    const jonas = await signUpIn('Europe/Berlin');
    expect(await settingsOf(jonas)).toMatchObject({ country: 'DE', currency: 'EUR' });
    expect(await pulledCurrency(jonas)).toBe('EUR');
  });

  it('starts one in Tokyo at Japan and yen, and one in Zurich at Switzerland and francs', async () => {
    const tokyo = await signUpIn('Asia/Tokyo');
    expect(await settingsOf(tokyo)).toMatchObject({ country: 'JP', currency: 'JPY' });
    const zurich = await signUpIn('Europe/Zurich');
    expect(await settingsOf(zurich)).toMatchObject({ country: 'CH', currency: 'CHF' });
    expect(await pulledCurrency(zurich)).toBe('CHF');
  });

  it('keeps India and rupees where the zone is in no country (UTC), as before', async () => {
    const utc = await signUpIn();
    expect(await settingsOf(utc)).toMatchObject({ country: 'IN', currency: 'INR' });
    expect(await pulledCurrency(utc)).toBe('INR');
  });

  it('keeps what an Admin chose over the zone’s defaults', async () => {
    const jonas = await signUpIn('Europe/Berlin');
    expect((await save(jonas, { country: 'AT', currency: 'USD' })).status).toBe(200);
    expect(await settingsOf(jonas)).toMatchObject({ country: 'AT', currency: 'USD' });
    expect(await pulledCurrency(jonas)).toBe('USD');
  });

  it('accepts every ISO 4217 currency, and refuses a code that is none beside the field', async () => {
    const jonas = await signUpIn('Europe/Berlin');
    for (const currency of ['JPY', 'BHD', 'CHF', 'PLN', 'BRL']) {
      const res = await save(jonas, { currency });
      expect(res.status, currency).toBe(200);
      expect(await settingsOf(jonas)).toMatchObject({ currency });
    }
    const refused = await save(jonas, { currency: 'XYZ' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'invalid_request',
      fields: { currency: 'Choose a currency from the list (an ISO 4217 code, like EUR)' },
    });
    expect(await settingsOf(jonas)).toMatchObject({ currency: 'BRL' });
  });
});
