import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seedStorage, signIn } from '../support/session';
import { agency, websiteLog } from '../track/fixtures';

// An invoiced log keeps what its invoice billed on every screen (issue 25, point 2), as the
// server's reports do. Today's 1h30m by Asha on Website (₹1,000/h, no rounding; she costs
// ₹400/h): billable 1.5 h × ₹1,000 = ₹1,500.00, spend 1.5 h × ₹400 = ₹600.00. Invoiced, then the
// rate goes to ₹1,200/h: a log on no invoice would now bill 1.5 h × ₹1,200 = ₹1,800.00.

const projectRow = (page: Page, name: string) =>
  page.getByRole('row', { name: new RegExp(`^${name}`) });

test('after a rate change the Projects screen, All hours and its CSV show what the invoice billed', async ({
  page,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const number = `${today.slice(0, 4)}-0001`;
  await seedStorage(page, { ...agency, taskData: [websiteLog('l1', today, { dur: 5400 })] });
  await signIn(page);
  await page.goto('/projects');
  await expect(projectRow(page, 'Website')).toContainText('₹1,500.00');

  await page.goto('/uninvoiced?range=this-month');
  await page
    .getByRole('region', { name: 'Acme Ltd' })
    .getByRole('button', { name: 'Create invoice for Acme Ltd' })
    .click();
  await page.getByLabel('Issue date').fill(today);
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await page
    .getByRole('alertdialog', { name: 'Issue this invoice to Acme Ltd?' })
    .getByRole('button', { name: 'Issue invoice' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Invoice ${number}`, exact: true }),
  ).toBeVisible();
  // The device has heard: Track shows the log locked.
  await page.goto(`/login/?day=${today}`);
  await expect(page.getByText(`This log is on invoice ${number}`)).toBeVisible();

  await page.goto('/projects');
  await page.getByRole('button', { name: 'Actions for Website' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit Website' });
  await form.getByLabel('Billable amount (₹ per hour)').fill('1200');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  const website = projectRow(page, 'Website');
  await expect(website).toContainText('₹1,500.00');
  await expect(website).toContainText('₹600.00');
  await expect(website).not.toContainText('₹1,800.00');
  // Opened again, from the cache and the server's pull.
  await page.reload();
  await expect(projectRow(page, 'Website')).toContainText('₹1,500.00');

  await page.goto('/allHours');
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: /^Select .*Website/ }) });
  await expect(item).toContainText('Billable amount ₹1,500.00');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  // Hours, billable hours, the rate billed, amount, labour rate, cost.
  expect(csv).toContain(',1.5,1.5,1000.00,1500.00,400.00,600.00,');
});
