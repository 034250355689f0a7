import { expect, test, type Page } from '@playwright/test';
import { seedStorage, signIn } from '../support/session';
import { addDays, toDay } from '../../../src/lib/day';
import { agency, websiteLog } from '../track/fixtures';
import { allSaved } from '../support/sync';

// The browser keeps the time logs of the last 8 weeks; older ones stay on the server, which
// answers /allHours, /projects and Track for them (docs/data-model.md, "The browser's cache").

const daysAgo = (n: number) => addDays(toDay(new Date()), -n);

const log = (id: string, date: string, dur: number, desc: string, tags = 'client work') =>
  websiteLog(id, date, { dur, desc: `<p>${desc}</p>`, tags });

// Website bills ₹1,000 an hour with no rounding: 1 h + 2 h + 0.5 h = 3.5 h = ₹3,500.00.
const taskData = [
  log('w1', daysAgo(3), 3600, 'Recent review'),
  log('w2', daysAgo(200), 7200, 'Old launch'),
  log('w3', daysAgo(400), 1800, 'Ancient audit', 'archive'),
];

const totals = (page: Page) => page.getByRole('definition');

async function cachedLogIds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (JSON.parse(localStorage.getItem('taskData') ?? '[]') as { id: string }[]).map((l) => l.id),
  );
}

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { ...agency, taskData });
  await signIn(page);
});

test('the cache keeps recent logs; All hours and Projects count the older ones from the server', async ({
  page,
}) => {
  await page.goto('/allHours');
  await allSaved(page);
  // "All changes saved" speaks of this device's changes (none here), and can show before the tab
  // leads sync; the trimmed list reaches storage once it leads (a following tab leaves the shared
  // keys to the leader), so storage is watched until then.
  await expect.poll(() => cachedLogIds(page)).toEqual(['w1']);
  for (const text of ['Recent review', 'Old launch', 'Ancient audit'])
    await expect(page.getByRole('main').getByText(text)).toBeVisible();
  await expect(totals(page)).toHaveText(['3', '3:30', '₹3,500.00', '₹1,400.00', '₹0.00']);
  // The tag of a log only the server holds can be chosen, and the server filters by it.
  await page.getByLabel('Tag').selectOption('archive');
  await expect(totals(page)).toHaveText(['1', '0:30', '₹500.00', '₹200.00', '₹0.00']);
  await expect(page.getByRole('main').getByText('Old launch')).toBeHidden();

  await page.goto('/projects');
  const website = page.getByRole('row', { name: /^Website/ });
  await expect(website).toContainText('3:30');
  await expect(website).toContainText('₹3,500.00');
});

test('an old day on Track shows its logs from the server, and they can be edited', async ({
  page,
}) => {
  await page.goto(`/login/?day=${daysAgo(200)}`);
  const dayLogs = page.getByRole('list', { name: 'Time logs of the day' }).getByRole('listitem');
  await expect(dayLogs).toHaveCount(1);
  await expect(dayLogs).toContainText('Old launch');
  await page.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit time log' });
  await dialog.getByLabel('Duration').fill('2h 30m');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dayLogs).toContainText('2:30:00');
  await allSaved(page);
  // 1 h + 2.5 h + 0.5 h = 4 h.
  await page.goto('/allHours');
  await expect(totals(page).nth(1)).toHaveText('4:00');
});

test('without the server, All hours says the older logs could not be loaded; Try again loads them', async ({
  page,
}) => {
  await page.goto('/allHours');
  await allSaved(page);
  await expect(page.getByRole('main').getByText('Old launch')).toBeVisible();
  await page.route('**/api/logs?**', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Search').fill('e');
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'before' }),
  ).toContainText('are kept on the server and could not be loaded');
  // Only the cached log counts meanwhile: 1 h, ₹1,000.00.
  await expect(totals(page)).toHaveText(['1', '1:00', '₹1,000.00', '₹400.00', '₹0.00']);
  await page.unroute('**/api/logs?**');
  await page.getByRole('button', { name: 'Try again' }).click();
  // "e" is in every log's "Acme Ltd / Website".
  await expect(page.getByRole('main').getByText('Old launch')).toBeVisible();
  await expect(totals(page).first()).toHaveText('3');
});
