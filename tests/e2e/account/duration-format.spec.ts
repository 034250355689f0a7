import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';
import { agency } from '../track/fixtures';

// Issue 47, point 11: one duration format on every screen, the workspace's choice, and invoice
// hours rounded as the draft says with the amounts still the logs'. Today's log: 4:15:08
// (15,308 s) on Website at ₹1,000/h, no rounding: 15,308 / 3,600 × ₹1,000 = ₹4,252.22.

const today = new Date().toISOString().slice(0, 10);
const log = {
  id: 'l1',
  date: today,
  client: 'Acme Ltd / Website',
  projectId: 'p1',
  task: 'Design',
  taskId: 't1',
  tags: '',
  desc: '<p>Landing page</p>',
  dur: 15308,
  st: '',
  end: '',
  exp: 0,
  memberId: 'm1',
  status: 'approved',
};

const dayTotal = (page: Page) => page.getByText(/^Total for the day:/);
const websiteRow = (page: Page) => page.getByRole('row', { name: /^Website/ });

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { ...agency, taskData: [log] });
  await signIn(page);
});

test('durations read the same on every screen, in the format the workspace chooses', async ({
  page,
}) => {
  // Hours and minutes to start with: Projects says 4:15 like Track, not 4.25.
  await page.goto('/login/');
  await expect(dayTotal(page)).toHaveText('Total for the day: 4:15');
  await expect(page.getByRole('main').getByText('4:15:08')).toBeVisible();
  await page.goto('/projects');
  await expect(websiteRow(page)).toContainText('4:15 of 10:00 h');

  await page.goto('/accountSetting');
  await page.getByLabel('Show durations as').selectOption({ label: 'Decimal hours (1.33)' });
  await page.getByRole('button', { name: 'Save workspace settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Workspace settings saved.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // The choice reaches the device with its next pull, which the save's poke starts.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('hm.access') ?? ''))
    .toContain('"durationFormat":"decimal"');

  await page.goto('/login/');
  await expect(dayTotal(page)).toHaveText('Total for the day: 4.25');
  await expect(page.getByRole('main').getByText('4:15:08')).toHaveCount(0);
  await page.goto('/projects');
  await expect(websiteRow(page)).toContainText('4.25 of 10 h');
  await page.goto('/allHours');
  await expect(page.getByLabel('Totals of the logs shown')).toContainText('4.25');
  await page.goto('/uninvoiced?range=this-month');
  await expect(page.getByRole('region', { name: 'Acme Ltd' })).toContainText('4.25');
});

test('an invoice line states its hours to 0.01 h, and its amount and total stay the logs’', async ({
  page,
}) => {
  await page.goto('/uninvoiced?range=this-month');
  await page
    .getByRole('region', { name: 'Acme Ltd' })
    .getByRole('button', { name: 'Create invoice for Acme Ltd' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Draft invoice for Acme Ltd' }),
  ).toBeVisible();
  const invoice = page.getByRole('article', { name: 'Invoice' });
  const line = invoice.getByRole('row', { name: /^Website/ });
  await expect(line.getByRole('cell')).toHaveText(['4.25 h', '₹1,000.00', '₹4,252.22']);
  await expect(invoice.getByRole('row', { name: /^Total/ })).toContainText('₹4,252.22');
  await expect(invoice).toContainText(
    'Hours are rounded to 0.01 h; each amount is that of the time as logged.',
  );
  const draft = page.getByRole('form', { name: 'Draft invoice' });
  await expect(draft.getByLabel('Round hours to')).toHaveValue('0.01');
  await expectNoAxeViolations(page);

  // To 0.1 h: 4.30 h; not rounded: as many decimals as multiply out at the rate.
  await draft.getByLabel('Round hours to').selectOption({ label: '0.1 h (6 minutes)' });
  await expect(line.getByRole('cell')).toHaveText(['4.30 h', '₹1,000.00', '₹4,252.22']);
  await draft
    .getByLabel('Round hours to')
    .selectOption({ label: 'Do not round (hours × rate is each amount)' });
  await expect(line.getByRole('cell')).toHaveText(['4.25222 h', '₹1,000.00', '₹4,252.22']);
  await expect(invoice).not.toContainText('Hours are rounded');
});
