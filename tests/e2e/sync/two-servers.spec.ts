import { expect, test } from '@playwright/test';
import { startServer } from '../../../scripts/bench/_harness.mjs';
import { signIn } from '../support/session';
import { allSaved } from '../support/sync';

// Two server processes behind one PostgreSQL, a device on each: a change pushed through one
// reaches the device on the other through LISTEN/NOTIFY and the poke stream, without a reload.
test.skip(!process.env.DATABASE_URL, 'Two processes share a database only on PostgreSQL');

test('a change through one server process pokes a device on the other', async ({
  page,
  browser,
}) => {
  test.slow();
  const second = (await startServer({ DATABASE_URL: process.env.DATABASE_URL })) as {
    url: string;
    stop: () => void;
  };
  try {
    const account = await signIn(page);
    await page.goto('/clients');
    await allSaved(page);

    const context = await browser.newContext({ baseURL: second.url });
    const other = await context.newPage();
    await other.goto('/clients');
    await other.getByLabel('Email address').fill(account.email);
    await other.getByLabel('Password').fill(account.password);
    await other.getByRole('button', { name: 'Login' }).click();
    await allSaved(other);

    await page.getByRole('link', { name: 'New Client' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Across processes');
    await page.getByLabel('Email').fill('across@example.test');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(other.getByRole('row', { name: /Across processes/ })).toBeVisible();
    await context.close();
  } finally {
    second.stop();
  }
});
